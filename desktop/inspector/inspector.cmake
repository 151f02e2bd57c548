# The context inspector (issue 23): what a request of the shown session really sent, rebuilt
# from the record on a worker thread, from the context gauge and "What did the model see?" on
# an answer. Paths are relative to desktop/. MainWindow adds the dock where
# VALIS_HAVE_INSPECTOR is defined.
target_sources(valis_desktop PRIVATE
    inspector/inspectorformat.h inspector/inspectorformat.cpp
    inspector/sectionbar.h inspector/sectionbar.cpp
    inspector/inspectorview.h inspector/inspectorview.cpp
    inspector/inspectorworker.h inspector/inspectorworker.cpp
    inspector/inspectordock.h inspector/inspectordock.cpp
    mainwindowinspector.cpp)
target_include_directories(valis_desktop PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}/inspector")
target_compile_definitions(valis_desktop PRIVATE VALIS_HAVE_INSPECTOR)
