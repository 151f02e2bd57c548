# The OpenAI-compatible API (valis-cli serve): managed conversations over Sessions, the chat
# completions and responses endpoints.
target_sources(valis_harness PRIVATE
    include/valis/server/apiconversation.h
    include/valis/server/apiprofiles.h
    include/valis/server/openaiapiserver.h
    src/server/openai/apiconversation.cpp
    src/server/openai/apiconversations.h
    src/server/openai/apiconversations.cpp
    src/server/openai/apiendpoints.h
    src/server/openai/apiendpoints.cpp
    src/server/openai/apiprofiles.cpp
    src/server/openai/apiturn.h
    src/server/openai/apiturn.cpp
    src/server/openai/chatendpoint.cpp
    src/server/openai/openaiapiserver.cpp
    src/server/openai/responsesendpoint.cpp)
