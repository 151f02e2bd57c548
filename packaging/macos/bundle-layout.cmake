# Run at the end of `cmake --install` on macOS (see packaging/macos.cmake): moves valis-cli,
# the harness library, the plugins and the licences from the usual layout into the bundle.
# Only Valis's own files move; a folder is removed only when nothing else is left in it, so an
# installation into a shared prefix such as /usr/local loses nothing that is not Valis's.
set(valis_prefix "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}")
set(valis_contents "${valis_prefix}/${VALIS_BUNDLE}/Contents")
if(NOT IS_DIRECTORY "${valis_contents}/MacOS")
    message(FATAL_ERROR "${valis_contents}/MacOS is missing: the app bundle was not installed")
endif()

function(valis_move from to)
    # A symbolic link to a library moved before it dangles for a moment: it still moves.
    if(NOT EXISTS "${from}" AND NOT IS_SYMLINK "${from}")
        message(FATAL_ERROR "${from} was not installed; it belongs in ${to}")
    endif()
    get_filename_component(parent "${to}" DIRECTORY)
    file(MAKE_DIRECTORY "${parent}")
    if(EXISTS "${to}" OR IS_SYMLINK "${to}")
        file(REMOVE_RECURSE "${to}")
    endif()
    file(RENAME "${from}" "${to}")
    message(STATUS "Moved into the bundle: ${to}")
endfunction()

# rmdir refuses a folder that holds anything, hidden files included.
function(valis_remove_if_empty dir)
    if(IS_DIRECTORY "${dir}")
        execute_process(COMMAND rmdir "${dir}" OUTPUT_QUIET ERROR_QUIET)
    endif()
endfunction()

valis_move("${valis_prefix}/${VALIS_BINDIR}/valis-cli" "${valis_contents}/MacOS/valis-cli")
file(GLOB valis_harness LIST_DIRECTORIES false
    "${valis_prefix}/${VALIS_LIBDIR}/libvalis-harness*.dylib"
    "${valis_prefix}/${VALIS_LIBDIR}/valis/libvalis-harness*.dylib")
if(NOT valis_harness)
    message(FATAL_ERROR "libvalis-harness was not installed under ${valis_prefix}/${VALIS_LIBDIR}")
endif()
foreach(library IN LISTS valis_harness)
    get_filename_component(name "${library}" NAME)
    valis_move("${library}" "${valis_contents}/Frameworks/${name}")
endforeach()
valis_move("${valis_prefix}/${VALIS_PLUGIN_INSTALL_DIR}" "${valis_contents}/PlugIns/valis")
if(EXISTS "${valis_prefix}/${VALIS_DATADIR}/doc/valis")
    valis_move("${valis_prefix}/${VALIS_DATADIR}/doc/valis" "${valis_contents}/Resources/doc")
endif()

foreach(dir IN ITEMS "${VALIS_LIBDIR}/valis" "${VALIS_LIBDIR}" "${VALIS_BINDIR}"
                     "${VALIS_DATADIR}/doc" "${VALIS_DATADIR}")
    valis_remove_if_empty("${valis_prefix}/${dir}")
endforeach()
