# Writes help2man's include file for valis-cli(1): the static sections plus a COMMANDS section
# holding every command's own --help, taken from the built program so the page lists exactly
# the commands and options it accepts.
# Usage: cmake -DVALIS_CLI=<valis-cli> -DSTATIC_INCLUDE=<file> -DOUTPUT=<file> -DHOME_DIR=<the
#        HOME the program runs with> -P valis-cli-commands.cmake
foreach(variable VALIS_CLI STATIC_INCLUDE OUTPUT HOME_DIR)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "valis-cli-commands.cmake needs -D${variable}=...")
    endif()
endforeach()

function(run_help output_variable)
    execute_process(COMMAND "${VALIS_CLI}" ${ARGN} --help
        OUTPUT_VARIABLE text ERROR_VARIABLE error RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "`valis-cli ${ARGN} --help` failed (${status}): ${error}")
    endif()
    # The help names the profile's files under the build's throwaway HOME; a reader's is "~".
    string(REPLACE "${HOME_DIR}" "~" text "${text}")
    set(${output_variable} "${text}" PARENT_SCOPE)
endfunction()

# Text as roff: backslashes doubled as \e, and no line may start with a control character.
function(to_roff output_variable text)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
    set(${output_variable} "${text}" PARENT_SCOPE)
endfunction()

run_help(overview)
string(REGEX MATCH "Commands:\n(.*)\n\n" commands_block "${overview}")
if(NOT commands_block)
    message(FATAL_ERROR "`valis-cli --help` printed no \"Commands:\" section:\n${overview}")
endif()
string(REGEX MATCHALL "\n  [a-z][a-z-]*" names "\n${CMAKE_MATCH_1}")

file(READ "${STATIC_INCLUDE}" page)
string(APPEND page "\n[COMMANDS]\n")
set(count 0)
foreach(name IN LISTS names)
    string(STRIP "${name}" name)
    run_help(help ${name})
    # Commands with subcommands (mcp, memory, ...) list them; each gets its own --help too.
    set(subcommands "")
    if(help MATCHES "\nSubcommands:\n(.*)\n\n")
        string(REGEX MATCHALL "(^|\n)  [a-z][a-z-]*" subcommands "${CMAKE_MATCH_1}")
    endif()
    to_roff(help "${help}")
    string(APPEND page ".SS ${name}\n.nf\n${help}.fi\n")
    foreach(subcommand IN LISTS subcommands)
        string(STRIP "${subcommand}" subcommand)
        run_help(subhelp ${name} ${subcommand})
        to_roff(subhelp "${subhelp}")
        string(APPEND page ".SS \"${name} ${subcommand}\"\n.nf\n${subhelp}.fi\n")
    endforeach()
    math(EXPR count "${count} + 1")
endforeach()
if(count LESS 5)
    message(FATAL_ERROR "found only ${count} commands in `valis-cli --help`")
endif()
file(WRITE "${OUTPUT}" "${page}")
