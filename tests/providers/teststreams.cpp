#include "teststreams.h"

namespace valis::test::streams {

const QByteArray anthropicPaddedTextStream = R"(event: message_start
data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[],"stop_reason":null,"usage":{"input_tokens":12,"cache_creation_input_tokens":100,"cache_read_input_tokens":7,"output_tokens":1}}     }

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}   }

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello"}        }

event: ping
data: {"type": "ping"}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":", world"} }

event: content_block_stop
data: {"type":"content_block_stop","index":0   }

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":9}  }

event: message_stop
data: {"type":"message_stop"          }

)";

const QByteArray anthropicThinkingToolStream = R"(event: message_start
data: {"type":"message_start","message":{"usage":{"input_tokens":3,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Let me "}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"think."}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"sig-A"}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"sig-B"}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"redacted_thinking","data":"opaque=="}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: content_block_start
data: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_1","name":"read","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"path\": \"a."}}

event: ping
data: {"type": "ping"}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"txt\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":2}

event: content_block_start
data: {"type":"content_block_start","index":3,"content_block":{"type":"tool_use","id":"toolu_2","name":"list","input":{}}}

event: content_block_stop
data: {"type":"content_block_stop","index":3}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":40}}

event: message_stop
data: {"type":"message_stop"}

)";

const QByteArray anthropicCutToolStream = R"(event: message_start
data: {"type":"message_start","message":{"usage":{"input_tokens":5,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_cut","name":"write","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"text\": \"unfinis"}}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":100}}

event: message_stop
data: {"type":"message_stop"}

)";

const QByteArray anthropicServerToolStream = R"(event: message_start
data: {"type":"message_start","message":{"usage":{"input_tokens":5,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"query\":\"tokyo\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[{"type":"web_search_result","title":"T","url":"https://t.example","encrypted_content":"e"}]}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: content_block_start
data: {"type":"content_block_start","index":2,"content_block":{"citations":[],"type":"text","text":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"citations_delta","citation":{"type":"web_search_result_location","url":"https://t.example","cited_text":"37 million"}}}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"text_delta","text":"About 37 million."}}

event: content_block_stop
data: {"type":"content_block_stop","index":2}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":10}}

event: message_stop
data: {"type":"message_stop"}

)";

const QByteArray anthropicUnknownBlockStream = R"(event: message_start
data: {"type":"message_start","message":{"usage":{"input_tokens":5,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"compaction","content":null,"encrypted_content":null}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"compaction_delta","content":"Summary.","encrypted_content":"Ep=="}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: some_future_event
data: {"type":"some_future_event","detail":1}

event: message_stop
data: {"type":"message_stop"}

)";

const QByteArray chatTextStream = R"(data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}

data: {"id":"c1","choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":null}]}    

data:{"id":"c1","choices":[{"index":0,"delta":{"content":"lo"},"finish_reason":null}]}

data: {"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

data: {"id":"c1","choices":[],"usage":{"prompt_tokens":1200,"completion_tokens":7,"total_tokens":1207,"prompt_tokens_details":{"cached_tokens":1024}}}

data: [DONE]

)";

const QByteArray chatParallelToolsStream = R"(data: {"choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"add","arguments":""}}]},"finish_reason":null}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_m","type":"function","function":{"name":"multiply","arguments":"{\"a\":"}}]},"finish_reason":null}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"a\":2,"}}]},"finish_reason":null}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"3,\"b\":4}"}}]},"finish_reason":null}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"b\":3}"}}]},"finish_reason":null}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: {"choices":[],"usage":{"prompt_tokens":50,"completion_tokens":20}}

data: [DONE]

)";

const QByteArray chatIdlessToolStream = R"(data: {"choices":[{"index":0,"delta":{"reasoning_content":"Need the "}}]}

data: {"choices":[{"index":0,"delta":{"reasoning_content":"weather."}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"weather","arguments":"{\"city\""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":":\"Graz\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

)";

const QByteArray chatReusedIndexStream = R"(data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"t1","type":"function","function":{"name":"a","arguments":"{}"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"t2","type":"function","function":{"name":"b","arguments":"{\"x\":1}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

data: [DONE]

)";

const QByteArray chatLengthStream = R"(data: {"choices":[{"index":0,"delta":{"content":"Writing:"}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_w","type":"function","function":{"name":"write","arguments":"{\"text\":\"unfin"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"length"}]}

data: [DONE]

)";

const QByteArray chatNoDoneStream = R"(data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1}}
)";

const QByteArray chatReasoningRefusalStream = R"(data: {"choices":[{"index":0,"delta":{"reasoning":"Hmm","reasoning_details":[{"type":"reasoning.text","text":"Hmm"}]}}]}

: OPENROUTER PROCESSING

data: {"choices":[{"index":0,"delta":{"content":null,"refusal":"I can't"}}]}

data: {"choices":[{"index":0,"delta":{"refusal":" help."}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"content_filter"}]}

data: [DONE]

)";

const QByteArray chatErrorStream = R"(data: {"choices":[{"index":0,"delta":{"content":"Par"}}]}

data: {"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}

)";

const QByteArray responsesTextStream = R"(event: response.created
data: {"type":"response.created","sequence_number":0,"response":{"id":"resp_1","status":"in_progress","output":[]}}

event: response.in_progress
data: {"type":"response.in_progress","sequence_number":1,"response":{"id":"resp_1","status":"in_progress","output":[]}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":2,"output_index":0,"item":{"id":"msg_1","type":"message","status":"in_progress","content":[],"role":"assistant"}}

event: response.content_part.added
data: {"type":"response.content_part.added","sequence_number":3,"item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"output_text","annotations":[],"text":""}}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":4,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Hello"}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":5,"item_id":"msg_1","output_index":0,"content_index":0,"delta":" there"}

event: response.output_text.done
data: {"type":"response.output_text.done","sequence_number":6,"item_id":"msg_1","output_index":0,"content_index":0,"text":"Hello there"}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":7,"output_index":0,"item":{"id":"msg_1","type":"message","status":"completed","content":[{"type":"output_text","annotations":[],"text":"Hello there"}],"role":"assistant"}}

event: response.completed
data: {"type":"response.completed","sequence_number":8,"response":{"id":"resp_1","status":"completed","output":[{"id":"msg_1","type":"message","status":"completed","content":[{"type":"output_text","annotations":[],"text":"Hello there"}],"role":"assistant"}],"usage":{"input_tokens":100,"input_tokens_details":{"cached_tokens":40},"output_tokens":8,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":108}}}

)";

const QByteArray responsesToolStream = R"(event: response.output_item.added
data: {"type":"response.output_item.added","output_index":0,"item":{"id":"rs_1","type":"reasoning","summary":[]}}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","item_id":"rs_1","output_index":0,"summary_index":0,"delta":"Adding "}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","item_id":"rs_1","output_index":0,"summary_index":0,"delta":"numbers."}

event: response.output_item.done
data: {"type":"response.output_item.done","output_index":0,"item":{"id":"rs_1","type":"reasoning","encrypted_content":"gAAA==","summary":[{"type":"summary_text","text":"Adding numbers."}]}}

event: response.output_item.added
data: {"type":"response.output_item.added","output_index":1,"item":{"id":"fc_1","type":"function_call","status":"in_progress","arguments":"","call_id":"call_add","name":"add"}}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":1,"delta":"{\"a\":2,"}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":1,"delta":"\"b\":3}"}

event: response.function_call_arguments.done
data: {"type":"response.function_call_arguments.done","item_id":"fc_1","output_index":1,"arguments":"{\"a\":2,\"b\":3}"}

event: response.output_item.done
data: {"type":"response.output_item.done","output_index":1,"item":{"id":"fc_1","type":"function_call","status":"completed","arguments":"{\"a\":2,\"b\":3}","call_id":"call_add","name":"add"}}

event: response.completed
data: {"type":"response.completed","response":{"id":"resp_2","status":"completed","output":[{"id":"rs_1","type":"reasoning","encrypted_content":"gAAA==","summary":[{"type":"summary_text","text":"Adding numbers."}]},{"id":"fc_1","type":"function_call","status":"completed","arguments":"{\"a\":2,\"b\":3}","call_id":"call_add","name":"add"}],"usage":{"input_tokens":60,"output_tokens":30}}}

)";

const QByteArray responsesWholeItemsStream = R"(event: response.created
data: {"type":"response.created","response":{"id":"resp_3"}}

event: response.output_item.done
data: {"type":"response.output_item.done","item":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Checking."}]}}

event: response.output_item.done
data: {"type":"response.output_item.done","item":{"type":"function_call","call_id":"call_ls","name":"ls","arguments":"{\"path\":\".\"}"}}

event: response.completed
data: {"type":"response.completed","response":{"id":"resp_3","output":[]}}

)";

const QByteArray responsesIncompleteStream = R"(event: response.output_text.delta
data: {"type":"response.output_text.delta","item_id":"msg_9","output_index":0,"content_index":0,"delta":"Once upon"}

event: response.incomplete
data: {"type":"response.incomplete","response":{"id":"resp_4","status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},"output":[{"id":"msg_9","type":"message","status":"incomplete","content":[{"type":"output_text","annotations":[],"text":"Once upon"}],"role":"assistant"}],"usage":{"input_tokens":10,"output_tokens":16}}}

)";

const QByteArray responsesFailedStream = R"(event: response.output_text.delta
data: {"type":"response.output_text.delta","item_id":"msg_5","output_index":0,"content_index":0,"delta":"Part"}

event: response.failed
data: {"type":"response.failed","response":{"id":"resp_5","status":"failed","error":{"code":"server_error","message":"The server had an error."},"output":[]}}

)";

const QByteArray responsesErrorStream = R"(event: error
data: {"type":"error","code":"rate_limit_exceeded","message":"Slow down.","param":null,"sequence_number":1}

)";

} // namespace valis::test::streams
