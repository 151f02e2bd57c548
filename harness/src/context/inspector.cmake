# The context inspector (issue 23): the manifest each model request leaves on its answer, the
# RequestBodyWriter capability of providers, and the RequestInspector that rebuilds a request.
target_sources(valis_harness PRIVATE
    include/valis/plugins/requestbodywriter.h
    include/valis/context/requestmanifest.h
    include/valis/context/requestinspector.h
    src/context/requestmanifest.cpp
    src/context/requestinspector.cpp
    src/context/requestinspectordiff.cpp
    src/context/requestinspectorsupport.h
    src/agent/requestrecorder.h src/agent/requestrecorder.cpp)
