# McpStreamableHttpServer over real loopback HTTP with the real McpServerSession and a tiny handler.
valis_add_test(mcpstreamablehttp SOURCES tst_mcpstreamablehttp.cpp rawhttpclient.h LINK Qt6::Network LABELS server mcp)
