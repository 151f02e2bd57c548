# The conversation pane: a web view on a page bundled in the app. Included from
# desktop/CMakeLists.txt, so paths are relative to desktop/.
target_sources(valis_desktop PRIVATE
    conversation/conversationscheme.h conversation/conversationscheme.cpp
    conversation/requestguard.h conversation/requestguard.cpp
    conversation/conversationpage.h conversation/conversationpage.cpp
    conversation/conversationbridge.h conversation/conversationbridge.cpp
    conversation/pagemessages.h conversation/pagemessages.cpp
    conversation/conversationview.h conversation/conversationview.cpp
    conversation/conversationrequests.h conversation/conversationrequests.cpp)
target_include_directories(valis_desktop PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}/conversation")
target_link_libraries(valis_desktop PUBLIC Qt6::WebEngineWidgets Qt6::WebChannel)

# The front-end libraries come from npm (`npm ci`, pinned by package-lock.json), never from the
# repository: copied at configure time next to the page's own files and compiled into the app,
# so nothing is fetched when it runs.
set(valis_web_vendor
    "markdown-it/dist/browser/markdown-it.umd.min.js=markdown-it.js"
    "dompurify/dist/purify.min.js=purify.js"
    "@highlightjs/cdn-assets/highlight.min.js=highlight.js"
    "@highlightjs/cdn-assets/styles/github.min.css=highlight-light.css"
    "@highlightjs/cdn-assets/styles/github-dark.min.css=highlight-dark.css")
set(valis_web_files)
foreach(entry IN LISTS valis_web_vendor)
    string(REPLACE "=" ";" parts "${entry}")
    list(GET parts 0 from)
    list(GET parts 1 to)
    set(source "${PROJECT_SOURCE_DIR}/node_modules/${from}")
    if(NOT EXISTS "${source}")
        message(FATAL_ERROR "${source} is missing. Run `scripts/dev.sh setup` (or `npm ci` in "
                            "${PROJECT_SOURCE_DIR}) first.")
    endif()
    configure_file("${source}" "${CMAKE_CURRENT_BINARY_DIR}/web/vendor/${to}" COPYONLY)
    list(APPEND valis_web_files "${CMAKE_CURRENT_BINARY_DIR}/web/vendor/${to}")
endforeach()
foreach(file index.html conversation.js conversation.css theme.css)
    configure_file("${CMAKE_CURRENT_SOURCE_DIR}/conversation/web/${file}" "${CMAKE_CURRENT_BINARY_DIR}/web/${file}" COPYONLY)
    list(APPEND valis_web_files "${CMAKE_CURRENT_BINARY_DIR}/web/${file}")
endforeach()
qt_add_resources(valis_desktop valis_conversation_page
    PREFIX "/valis/conversation"
    BASE "${CMAKE_CURRENT_BINARY_DIR}/web"
    FILES ${valis_web_files})

# Their licences travel with the app (markdown-it's bundle includes its dependencies); the About
# dialog shows them too (desktop/about/about.cmake). Linux packages carry them in
# /usr/share/doc/valis/copyright instead of separate files (packaging/linux.cmake).
set(valis_web_packages markdown-it entities linkify-it mdurl punycode.js uc.micro dompurify @highlightjs/cdn-assets)
foreach(package IN LISTS valis_web_packages)
    file(GLOB licence LIST_DIRECTORIES false "${PROJECT_SOURCE_DIR}/node_modules/${package}/LICENSE*")
    if(NOT licence)
        message(FATAL_ERROR "node_modules/${package} has no licence file; run `npm ci` again.")
    endif()
    string(REPLACE "/" "-" name "${package}")
    if(WIN32 OR APPLE)
        install(FILES ${licence} DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/valis/third-party/${name}")
    endif()
endforeach()
