# HttpServer over real loopback sockets (a raw client and QNetworkAccessManager) and the access
# rules of Valis's local servers.
valis_add_test(httpserver SOURCES tst_httpserver.cpp LINK Qt6::Network LABELS server)
