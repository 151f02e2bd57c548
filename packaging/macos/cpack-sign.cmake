# CPACK_PRE_BUILD_SCRIPTS on macOS: signs the staged Valis.app (packaging/macos/sign.sh) before
# CPack puts it into the disk image. VALIS_CODESIGN_IDENTITY chooses the certificate; without
# it the bundle is signed ad hoc.
file(GLOB_RECURSE valis_bundles LIST_DIRECTORIES true "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*Valis.app")
list(FILTER valis_bundles INCLUDE REGEX "/Valis\\.app$")
if(NOT valis_bundles)
    message(FATAL_ERROR "no Valis.app under ${CPACK_TEMPORARY_INSTALL_DIRECTORY}")
endif()
list(GET valis_bundles 0 valis_bundle)
execute_process(COMMAND "${CMAKE_CURRENT_LIST_DIR}/sign.sh" "${valis_bundle}" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "signing ${valis_bundle} failed")
endif()
