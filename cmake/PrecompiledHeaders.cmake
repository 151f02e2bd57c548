# Precompiled Qt headers (GCC builds). Parsing Qt's headers is about half of compiling a source
# of the harness or a test (measured: tst_ignorerules.cpp 6.0 s -> 2.9 s, tst_sessionstore.cpp
# 13.4 s -> 9.5 s), and the clean build is most of a CI run.
#
# The harness, the shell and valis-cli each precompile the headers with their own flags. The test
# suites share one precompiled header, built by valis_tests_pch: GCC takes a precompiled header
# only where every macro it was built with is defined the same way, so it is built without Qt
# Test's per-folder macros (QT_TESTCASE_BUILDDIR and _SOURCEDIR) and holds no Qt Test header
# that reads them, and it takes QtSql's classes rather than its module header, which pulls in a
# widgets delegate that reads QT_WIDGETS_LIB. A suite whose flags still differ gets a warning
# and compiles without it (-Wno-error=invalid-pch), slower but never broken.
include_guard(GLOBAL)

set(valis_pch_default OFF)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT VALIS_FUZZ)
    set(valis_pch_default ON)
endif()
option(VALIS_PRECOMPILED_HEADERS "Precompile Qt's headers for the harness, the shell, valis-cli and the tests (GCC)"
    ${valis_pch_default})

set(VALIS_PCH_QT_HEADERS
    <QtCore/QtCore> <QtNetwork/QtNetwork>
    <QtSql/QSqlDatabase> <QtSql/QSqlError> <QtSql/QSqlQuery> <QtSql/QSqlRecord>)

# valis_precompile_qt_headers(<target> [<more headers>]): <target> precompiles Qt's Core,
# Network and Sql headers and any more given, with its own flags.
function(valis_precompile_qt_headers target)
    if(VALIS_PRECOMPILED_HEADERS)
        target_precompile_headers(${target} PRIVATE ${VALIS_PCH_QT_HEADERS} ${ARGN})
    endif()
endfunction()

# valis_reuse_precompiled_headers(<target> <holder>): <target> compiles with <holder>'s
# precompiled header.
function(valis_reuse_precompiled_headers target holder)
    if(VALIS_PRECOMPILED_HEADERS)
        target_precompile_headers(${target} REUSE_FROM ${holder})
        target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wno-error=invalid-pch>)
    endif()
endfunction()
