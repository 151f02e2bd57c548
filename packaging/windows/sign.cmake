# Authenticode signing, with signtool and a certificate file, of every .exe and .dll that has no
# valid signature yet (Valis's own files, QtKeychain, SQLite; Qt's and Microsoft's are signed by
# their makers). Two uses:
#   CPACK_PRE_BUILD_SCRIPTS: the folder CPack staged, before it becomes the installer or ZIP;
#   cmake -DVALIS_SIGN_FILES=<files> -P packaging/windows/sign.cmake: the installer itself.
# VALIS_SIGN_CERTIFICATE (a .pfx file), VALIS_SIGN_PASSWORD and VALIS_SIGN_TIMESTAMP_URL come
# from the environment; without a certificate nothing is signed.
if(NOT DEFINED ENV{VALIS_SIGN_CERTIFICATE} OR "$ENV{VALIS_SIGN_CERTIFICATE}" STREQUAL "")
    message(STATUS "VALIS_SIGN_CERTIFICATE is not set: nothing is signed")
    return()
endif()
if(NOT DEFINED ENV{VALIS_SIGN_TIMESTAMP_URL} OR "$ENV{VALIS_SIGN_TIMESTAMP_URL}" STREQUAL "")
    message(FATAL_ERROR "VALIS_SIGN_TIMESTAMP_URL must name an RFC 3161 timestamp server: a signature "
                        "without a timestamp stops being valid when the certificate expires")
endif()

file(GLOB valis_kits LIST_DIRECTORIES true "$ENV{ProgramFiles\(x86\)}/Windows Kits/10/bin/*/x64")
list(SORT valis_kits COMPARE NATURAL ORDER DESCENDING)
find_program(VALIS_SIGNTOOL signtool HINTS ${valis_kits} REQUIRED)

if(DEFINED VALIS_SIGN_FILES)
    set(valis_candidates ${VALIS_SIGN_FILES})
else()
    file(GLOB_RECURSE valis_candidates LIST_DIRECTORIES false
        "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*.exe" "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*.dll")
endif()
foreach(file IN LISTS valis_candidates)
    execute_process(COMMAND "${VALIS_SIGNTOOL}" verify /pa /q "${file}" RESULT_VARIABLE unsigned OUTPUT_QUIET ERROR_QUIET)
    if(unsigned EQUAL 0)
        continue()
    endif()
    execute_process(
        COMMAND "${VALIS_SIGNTOOL}" sign /fd SHA256 /td SHA256 /tr "$ENV{VALIS_SIGN_TIMESTAMP_URL}"
                /f "$ENV{VALIS_SIGN_CERTIFICATE}" /p "$ENV{VALIS_SIGN_PASSWORD}" "${file}"
        RESULT_VARIABLE result OUTPUT_QUIET)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "signtool could not sign ${file}")
    endif()
    message(STATUS "Signed ${file}")
endforeach()
