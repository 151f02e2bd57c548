# The Documents view of the memory browser (issue 22, the File Cabinet): a tab beside the
# Memory dock, reading the DetailStore's documents on a worker thread. Paths are relative to
# desktop/. MainWindow adds the dock where VALIS_HAVE_DOCUMENTS_VIEW is defined.
target_sources(valis_desktop PRIVATE
    documents/documentsworker.h documents/documentsworker.cpp
    documents/documentsview.h documents/documentsview.cpp
    documents/documentsdock.h documents/documentsdock.cpp)
target_include_directories(valis_desktop PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}/documents")
target_compile_definitions(valis_desktop PRIVATE VALIS_HAVE_DOCUMENTS_VIEW)
