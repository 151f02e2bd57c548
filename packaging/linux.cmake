# The Linux packages: a .deb and an .rpm for distributions that ship Qt 6.4 or newer with
# WebEngine. They depend on the distribution's Qt rather than bundling it (the AppImage in
# .github/workflows bundles it). Everything below installs under CMAKE_INSTALL_PREFIX; CPack
# puts it under /usr.
set(linux_dir "${CMAKE_CURRENT_SOURCE_DIR}/linux")
set(share_dir "${PROJECT_BINARY_DIR}/share")

# One version everywhere: the changelog's newest entry and the AppStream release must name the
# version CMake builds, or the package would describe another release than it holds.
file(STRINGS "${linux_dir}/changelog" changelog_head LIMIT_COUNT 1)
if(NOT changelog_head MATCHES "^valis \\(${PROJECT_VERSION}\\)")
    message(FATAL_ERROR "packaging/linux/changelog starts with \"${changelog_head}\"; its newest entry "
                        "must be for version ${PROJECT_VERSION}.")
endif()
file(READ "${PROJECT_SOURCE_DIR}/resources/org.valis.Valis.metainfo.xml" metainfo)
if(NOT metainfo MATCHES "<release version=\"${PROJECT_VERSION}\"")
    message(FATAL_ERROR "resources/org.valis.Valis.metainfo.xml has no <release> for version ${PROJECT_VERSION}.")
endif()

# The copyright file names the npm libraries and data compiled into the app with the licences their
# package.json declares; a version or licence change in package-lock.json must show up here.
set(bundled_npm "markdown-it|markdownit|MIT" "entities|entities|BSD-2-Clause" "linkify-it|linkifyit|MIT"
                "mdurl|mdurl|MIT" "punycode.js|punycode|MIT" "uc.micro|ucmicro|MIT"
                "dompurify|dompurify|(MPL-2.0 OR Apache-2.0)" "@highlightjs/cdn-assets|highlightjs|BSD-3-Clause"
                "gpt-tokenizer|gpttokenizer|MIT")
foreach(entry IN LISTS bundled_npm)
    string(REPLACE "|" ";" fields "${entry}")
    list(GET fields 0 package)
    list(GET fields 1 variable)
    list(GET fields 2 expected_licence)
    set(manifest "${PROJECT_SOURCE_DIR}/node_modules/${package}/package.json")
    if(NOT EXISTS "${manifest}")
        message(FATAL_ERROR "${manifest} is missing. Run `scripts/dev.sh setup` (or `npm ci`) first.")
    endif()
    file(READ "${manifest}" manifest_json)
    string(JSON VERSION_${variable} GET "${manifest_json}" version)
    string(JSON licence GET "${manifest_json}" license)
    if(NOT licence STREQUAL expected_licence)
        message(FATAL_ERROR "${package} now declares the licence \"${licence}\" (packaging/linux/copyright.in "
                            "says \"${expected_licence}\"): review the new terms and update both.")
    endif()
endforeach()
configure_file("${linux_dir}/copyright.in" "${share_dir}/doc/valis/copyright" @ONLY)

# Debian wants man pages and changelogs compressed with gzip -9n (no name, no timestamp).
find_program(VALIS_GZIP gzip REQUIRED)
add_custom_command(OUTPUT "${share_dir}/doc/valis/changelog.gz"
    COMMAND "${CMAKE_COMMAND}" -E copy "${linux_dir}/changelog" "${share_dir}/doc/valis/changelog"
    COMMAND "${VALIS_GZIP}" -9nf "${share_dir}/doc/valis/changelog"
    DEPENDS "${linux_dir}/changelog"
    COMMENT "Compressing the changelog" VERBATIM)

# Man pages from the programs' own --help, so they cannot drift from what the programs accept.
find_program(VALIS_HELP2MAN help2man)
set(man_pages "")
if(VALIS_HELP2MAN AND NOT CMAKE_CROSSCOMPILING)
    set(man_dir "${share_dir}/man/man1")
    # English, and no display needed: the desktop's --help runs before any window exists.
    # A throwaway HOME, so the pages name the profile's files as a reader's "~" would hold them.
    set(manpage_home "${CMAKE_CURRENT_BINARY_DIR}/manpage-home")
    set(help_env "${CMAKE_COMMAND}" -E env
                 --unset=VALIS_HOME --unset=XDG_CONFIG_HOME --unset=XDG_DATA_HOME --unset=XDG_CACHE_HOME
                 LC_ALL=C.UTF-8 LANG=C.UTF-8 LANGUAGE= QT_QPA_PLATFORM=offscreen HOME=${manpage_home})
    add_custom_command(OUTPUT "${man_dir}/valis.1.gz"
        COMMAND "${CMAKE_COMMAND}" -E make_directory "${man_dir}"
        COMMAND ${help_env} "${VALIS_HELP2MAN}" --no-info --section=1
                "--name=${PROJECT_DESCRIPTION}" --include=${linux_dir}/valis.h2m
                --output=${man_dir}/valis.1 $<TARGET_FILE:valis>
        COMMAND "${VALIS_GZIP}" -9nf "${man_dir}/valis.1"
        DEPENDS valis "${linux_dir}/valis.h2m"
        COMMENT "Writing the valis(1) man page" VERBATIM)
    # valis-cli's page also gets every command's --help (valis-cli-commands.cmake collects them).
    add_custom_command(OUTPUT "${man_dir}/valis-cli.1.gz"
        COMMAND "${CMAKE_COMMAND}" -E make_directory "${man_dir}"
        COMMAND ${help_env} "${CMAKE_COMMAND}" -DVALIS_CLI=$<TARGET_FILE:valis_cli>
                -DSTATIC_INCLUDE=${linux_dir}/valis-cli.h2m -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/valis-cli.h2m
                -DHOME_DIR=${manpage_home}
                -P "${linux_dir}/valis-cli-commands.cmake"
        COMMAND ${help_env} "${VALIS_HELP2MAN}" --no-info --section=1
                "--name=command-line tool for the Valis agent harness"
                --include=${CMAKE_CURRENT_BINARY_DIR}/valis-cli.h2m
                --output=${man_dir}/valis-cli.1 $<TARGET_FILE:valis_cli>
        COMMAND "${VALIS_GZIP}" -9nf "${man_dir}/valis-cli.1"
        DEPENDS valis_cli "${linux_dir}/valis-cli.h2m" "${linux_dir}/valis-cli-commands.cmake"
        COMMENT "Writing the valis-cli(1) man page" VERBATIM)
    set(man_pages "${man_dir}/valis.1.gz" "${man_dir}/valis-cli.1.gz")
    install(FILES ${man_pages} DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
else()
    message(STATUS "help2man not found: no man pages (the Linux packages need them; scripts/dev.sh setup installs it)")
endif()

# Icons for menus and docks at every size the hicolor theme lists for apps, drawn from the SVG.
set(icon_sizes 16 22 24 32 48 64 128 256 512)
valis_draw_icon("${share_dir}/icons/hicolor" ${icon_sizes})
set(icon_files ${VALIS_ICON_FILES})
foreach(size IN LISTS icon_sizes)
    install(FILES "${share_dir}/icons/hicolor/${size}x${size}/apps/org.valis.Valis.png"
            DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps")
endforeach()

add_custom_target(valis_linux_package_files ALL
    DEPENDS "${share_dir}/doc/valis/changelog.gz" ${man_pages} ${icon_files})
# CMAKE_INSTALL_DOCDIR would be share/doc/Valis (the project's name); Debian's is the package's.
install(FILES "${share_dir}/doc/valis/copyright" "${share_dir}/doc/valis/changelog.gz"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/valis")
install(FILES "${linux_dir}/lintian-overrides" DESTINATION "${CMAKE_INSTALL_DATADIR}/lintian/overrides" RENAME valis)

set(CPACK_GENERATOR "DEB;RPM")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")

# Debian. dpkg-shlibdeps finds the Qt libraries the binaries link; what they load at run time
# it cannot see: the SQLite driver of QtSql (the session store), QtWebEngine's helper process
# (the conversation view) and bwrap (the sandbox the agent's commands run in).
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS "${CMAKE_INSTALL_PREFIX}/${VALIS_PRIVATE_LIB_DIR}")
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite, libqt6webenginecore6-bin, bubblewrap")
# PostgreSQL for a team memory; a Secret Service for API keys (without one, keys come from the
# environment); SVG for the window icon; Wayland for Wayland sessions; Qt's own words (the
# standard buttons, --help's headings) in the person's language; colour emoji and CJK glyphs in
# messages (without them the fonts' fallback draws empty boxes, nothing worse).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
    "libqt6sql6-psql, gnome-keyring | kwalletmanager | keepassxc, libqt6svg6, qt6-wayland, qt6-translations-l10n, fonts-noto-color-emoji, fonts-noto-cjk")
# npx starts most MCP servers; git and ripgrep make the agent's tools faster.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "nodejs, npm, git, ripgrep")

# RPM: inspect-only here (it links Debian's Qt and glibc), the right shape for an RPM
# distribution's own build. rpmbuild finds library requirements by itself.
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
set(CPACK_RPM_PACKAGE_LICENSE "LicenseRef-proprietary")
set(CPACK_RPM_PACKAGE_GROUP "Development/Tools")
set(CPACK_RPM_PACKAGE_URL "${PROJECT_HOMEPAGE_URL}")
# Fedora's names for the colour emoji and CJK fonts messages need (Debian recommends them).
set(CPACK_RPM_PACKAGE_REQUIRES "bubblewrap, google-noto-color-emoji-fonts, google-noto-sans-cjk-fonts")
set(CPACK_RPM_PACKAGE_RELEASE 1)
set(CPACK_RPM_PACKAGE_SUMMARY "Desktop agent harness whose context never fills up")
set(CPACK_RPM_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_RPM_SPEC_MORE_DEFINE "%define packager ${CPACK_PACKAGE_CONTACT}")
set(CPACK_RPM_PACKAGE_RELEASE_DIST ON)
set(CPACK_RPM_CHANGELOG_FILE "${CMAKE_CURRENT_BINARY_DIR}/rpm-changelog")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/rpm-changelog"
     "* Sun Nov 22 2026 ${CPACK_PACKAGE_CONTACT} - ${PROJECT_VERSION}-1\n- First packaged release.\n")
# The folders every system already owns must not be claimed by the package.
set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
    /usr/share/applications /usr/share/icons /usr/share/icons/hicolor /usr/share/metainfo
    /usr/share/man /usr/share/man/man1 /usr/share/lintian /usr/share/lintian/overrides
    /usr/share/bash-completion /usr/share/bash-completion/completions /usr/share/zsh
    /usr/share/zsh/vendor-completions /usr/share/fish /usr/share/fish/vendor_completions.d
    /usr/share/doc)
foreach(size IN LISTS icon_sizes)
    list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
         "/usr/share/icons/hicolor/${size}x${size}" "/usr/share/icons/hicolor/${size}x${size}/apps")
endforeach()
list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
     /usr/share/icons/hicolor/scalable /usr/share/icons/hicolor/scalable/apps)
