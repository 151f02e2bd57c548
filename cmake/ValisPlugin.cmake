# valis_add_plugin(<name>
#     KIND provider|tool|strategy|sandbox|embedding
#     [VERSION x.y.z] [COMPAT_VERSION x.y.z]      default: the project version; COMPAT_VERSION <= VERSION
#     [DISPLAY_NAME "..."] [DESCRIPTION "..."]
#     [DEPENDS <plugin> ...] [OPTIONAL_DEPENDS <plugin> ...]
#     SOURCES <files...>
#     [LINK <libraries...>]
#     [OUTPUT_DIR <dir>] [NO_INSTALL]
#     [API_VERSION <n>] [METADATA_FILE <json>])   only for deliberately broken test plugins
#
# Makes the target valis_plugin_<name>, a Qt plugin module linking the harness; <name> is the
# plugin id (lowercase letters, digits, '.', '-', '_'). Its JSON metadata is generated into
# <binary dir>/valis_plugin_<name>_metadata/plugin.json, so the source names it with
# Q_PLUGIN_METADATA(IID VALIS_<KIND>_PLUGIN_IID FILE "plugin.json") (moc looks beside the source
# first, so keep no file called plugin.json there). Dependencies are other valis_add_plugin
# targets: their ids and versions come from those targets, so the metadata always matches what
# was actually built beside it. METADATA_FILE replaces the generated metadata with a file of
# yours, configured with @VAR@ substitution (e.g. @VALIS_PLUGIN_API_VERSION@); DEPENDS and the
# descriptive arguments are then ignored.
set(VALIS_PLUGIN_KINDS provider tool strategy sandbox embedding)

function(valis_add_plugin name)
    cmake_parse_arguments(PARSE_ARGV 1 arg "NO_INSTALL"
        "KIND;VERSION;COMPAT_VERSION;DISPLAY_NAME;DESCRIPTION;OUTPUT_DIR;API_VERSION;METADATA_FILE"
        "SOURCES;LINK;DEPENDS;OPTIONAL_DEPENDS")
    if(arg_UNPARSED_ARGUMENTS)
        message(FATAL_ERROR "valis_add_plugin(${name}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
    endif()
    if(NOT arg_KIND IN_LIST VALIS_PLUGIN_KINDS)
        message(FATAL_ERROR "valis_add_plugin(${name}): KIND must be one of ${VALIS_PLUGIN_KINDS}")
    endif()
    if(NOT arg_SOURCES)
        message(FATAL_ERROR "valis_add_plugin(${name}): SOURCES is required")
    endif()
    if(NOT arg_VERSION)
        set(arg_VERSION "${PROJECT_VERSION}")
    endif()
    if(NOT arg_COMPAT_VERSION)
        set(arg_COMPAT_VERSION "${arg_VERSION}")
    endif()
    if(NOT arg_METADATA_FILE)
        # The same rules the plugin manager applies, checked early so a typo fails the build.
        if(NOT name MATCHES "^[a-z0-9][a-z0-9._-]*$")
            message(FATAL_ERROR "valis_add_plugin(${name}): the name is the plugin id: use lowercase letters, digits, '.', '-' and '_'")
        endif()
        foreach(version IN ITEMS "${arg_VERSION}" "${arg_COMPAT_VERSION}")
            if(NOT version MATCHES "^[0-9]+\\.[0-9]+\\.[0-9]+$")
                message(FATAL_ERROR "valis_add_plugin(${name}): version '${version}' is not of the form x.y.z")
            endif()
        endforeach()
        if(arg_COMPAT_VERSION VERSION_GREATER arg_VERSION)
            message(FATAL_ERROR "valis_add_plugin(${name}): COMPAT_VERSION ${arg_COMPAT_VERSION} is newer than VERSION ${arg_VERSION}")
        endif()
    endif()
    if(NOT arg_DISPLAY_NAME)
        set(arg_DISPLAY_NAME "${name}")
    endif()
    # Free text goes into a JSON string: escape what would end or break it.
    foreach(text IN ITEMS arg_DISPLAY_NAME arg_DESCRIPTION)
        string(REPLACE "\\" "\\\\" ${text} "${${text}}")
        string(REPLACE "\"" "\\\"" ${text} "${${text}}")
    endforeach()
    if(NOT DEFINED arg_API_VERSION)
        set(arg_API_VERSION "${VALIS_PLUGIN_API_VERSION}")
    endif()
    if(NOT arg_OUTPUT_DIR)
        set(arg_OUTPUT_DIR "${VALIS_PLUGIN_OUTPUT_DIR}")
    endif()

    set(target valis_plugin_${name})
    qt_add_plugin(${target} SHARED)
    target_sources(${target} PRIVATE ${arg_SOURCES})
    target_link_libraries(${target} PRIVATE valis_common_cfg Valis::Harness ${arg_LINK})
    set_target_properties(${target} PROPERTIES
        OUTPUT_NAME "${name}"
        PREFIX ""
        LIBRARY_OUTPUT_DIRECTORY "${arg_OUTPUT_DIR}"
        RUNTIME_OUTPUT_DIRECTORY "${arg_OUTPUT_DIR}"
        VALIS_PLUGIN_ID "${name}"
        VALIS_PLUGIN_VERSION "${arg_VERSION}"
        # Installed plugins sit in lib/valis/plugins, one folder below the harness library.
        INSTALL_RPATH "$<IF:$<PLATFORM_ID:Darwin>,@loader_path/..,$ORIGIN/..>")

    set(deps "")
    foreach(kind IN ITEMS required optional)
        if(kind STREQUAL "required")
            set(list ${arg_DEPENDS})
        else()
            set(list ${arg_OPTIONAL_DEPENDS})
        endif()
        foreach(dep IN LISTS list)
            if(deps)
                string(APPEND deps ",")
            endif()
            string(APPEND deps "\n        {\"id\": \"${dep}\", \"version\": \"$<TARGET_PROPERTY:valis_plugin_${dep},VALIS_PLUGIN_VERSION>\", \"type\": \"${kind}\"}")
            add_dependencies(${target} valis_plugin_${dep})
        endforeach()
    endforeach()

    set(metadata_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}_metadata")
    if(arg_METADATA_FILE)
        configure_file("${arg_METADATA_FILE}" "${metadata_dir}/plugin.json" @ONLY)
    else()
        file(GENERATE OUTPUT "${metadata_dir}/plugin.json" CONTENT "{
    \"id\": \"${name}\",
    \"name\": \"${arg_DISPLAY_NAME}\",
    \"kind\": \"${arg_KIND}\",
    \"version\": \"${arg_VERSION}\",
    \"compatVersion\": \"${arg_COMPAT_VERSION}\",
    \"apiVersion\": ${arg_API_VERSION},
    \"description\": \"${arg_DESCRIPTION}\",
    \"vendor\": \"Valis\",
    \"dependencies\": [${deps}
    ]
}
")
    endif()
    target_include_directories(${target} PRIVATE "${metadata_dir}")
    # moc embeds the metadata in the object of the source declaring Q_PLUGIN_METADATA. AUTOMOC
    # regenerates a <source>.moc when the JSON changes, but Ninja has already judged that
    # object up to date by then, so without this a metadata change needed a second build.
    set_property(SOURCE ${arg_SOURCES} APPEND PROPERTY OBJECT_DEPENDS "${metadata_dir}/plugin.json")

    if(NOT arg_NO_INSTALL)
        # The Windows and macOS packaging hands every shipped plugin to the Qt deployment tools.
        set_property(GLOBAL APPEND PROPERTY VALIS_INSTALLED_PLUGINS ${target})
        install(TARGETS ${target}
            LIBRARY DESTINATION "${VALIS_PLUGIN_INSTALL_DIR}"
            RUNTIME DESTINATION "${VALIS_PLUGIN_INSTALL_DIR}")
    endif()
endfunction()
