# valis_common_cfg: the one strictness target every Valis target links.
# It carries the Qt definitions that catch whole classes of bugs at compile time and the
# warning set; CI turns warnings into errors (VALIS_WARNINGS_AS_ERRORS).
add_library(valis_common_cfg INTERFACE)
target_compile_features(valis_common_cfg INTERFACE cxx_std_20)
target_compile_definitions(valis_common_cfg INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_NO_URL_CAST_FROM_STRING
    QT_USE_QSTRINGBUILDER
    QT_NO_KEYWORDS
    QT_DISABLE_DEPRECATED_BEFORE=0x060400
    QT_STRICT_ITERATORS
    VALIS_VERSION_STRING="${PROJECT_VERSION}"
    VALIS_PLUGIN_API_VERSION=${VALIS_PLUGIN_API_VERSION})
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    # GCC's local-only shadowing check. Clang (Apple's too) has no -Wshadow=local and warns
    # about the unknown option; its -Wshadow would also flag locals named like members, which
    # this code base allows. GCC's check covers the same sources on Linux.
    set(valis_shadow_warning "")
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        set(valis_shadow_warning -Wshadow=local)
    endif()
    target_compile_options(valis_common_cfg INTERFACE
        -Wall -Wextra -Wpedantic ${valis_shadow_warning} -Wnon-virtual-dtor -Woverloaded-virtual
        -Wcast-qual -Wformat=2 -Wimplicit-fallthrough -Wmissing-declarations)
    if(VALIS_WARNINGS_AS_ERRORS)
        target_compile_options(valis_common_cfg INTERFACE -Werror)
    endif()
    # Hardening, as Debian's dpkg-buildflags (hardening=+all) asks of packaged binaries: the
    # installers ship what this one build produces, so the build itself is hardened rather than
    # a separate packaging build. _FORTIFY_SOURCE is undefined first because some compilers
    # (Ubuntu's) predefine it, and needs optimisation to do anything.
    if(VALIS_HARDENING AND NOT APPLE)
        target_compile_options(valis_common_cfg INTERFACE
            -fstack-protector-strong -fstack-clash-protection
            $<$<NOT:$<CONFIG:Debug>>:-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2>)
        if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64|amd64")
            target_compile_options(valis_common_cfg INTERFACE -fcf-protection)
        endif()
        target_link_options(valis_common_cfg INTERFACE -Wl,-z,relro -Wl,-z,now -Wl,--as-needed)
    endif()
elseif(MSVC)
    # The same families of warnings as GCC's set above. Off: C4244/C4267 (integer narrowing,
    # which -Wall -Wextra do not check either, and qsizetype-to-int is everywhere in Qt code)
    # and C4458/C4459 (a local named like a member or a global, which -Wshadow=local allows).
    target_compile_options(valis_common_cfg INTERFACE /W4 /permissive- /utf-8 /Zc:__cplusplus
        /wd4244 /wd4267 /wd4458 /wd4459)
    # <windows.h> must not define min() and max() macros over std::min and qMin.
    target_compile_definitions(valis_common_cfg INTERFACE NOMINMAX)
    if(VALIS_WARNINGS_AS_ERRORS)
        target_compile_options(valis_common_cfg INTERFACE /WX)
    endif()
endif()
