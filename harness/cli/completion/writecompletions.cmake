# Writes valis-cli's shell completion scripts by running the valis-cli just built
# (cmake -P, from harness/cli/CMakeLists.txt). In: VALIS_CLI, the binary; DATA_DIR, the share/
# folder to write into; PROFILE, an empty profile folder, so that neither the settings nor the
# language of whoever builds can change what the scripts say.
foreach(variable LANGUAGE LC_ALL LC_MESSAGES VALIS_HOME)
    unset(ENV{${variable}})
endforeach()
set(ENV{LANG} C)
file(MAKE_DIRECTORY "${PROFILE}")
set(shells bash zsh fish)
set(files
    "${DATA_DIR}/bash-completion/completions/valis-cli"
    "${DATA_DIR}/zsh/vendor-completions/_valis-cli"
    "${DATA_DIR}/fish/vendor_completions.d/valis-cli.fish")
foreach(shell file IN ZIP_LISTS shells files)
    get_filename_component(folder "${file}" DIRECTORY)
    file(MAKE_DIRECTORY "${folder}")
    execute_process(COMMAND "${VALIS_CLI}" --home "${PROFILE}" completion ${shell}
        OUTPUT_FILE "${file}.new"
        ERROR_VARIABLE errors
        RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "valis-cli completion ${shell} failed (${result}): ${errors}")
    endif()
    file(RENAME "${file}.new" "${file}")
endforeach()
