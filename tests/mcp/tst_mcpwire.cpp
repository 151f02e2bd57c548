// The MCP wire layer without a server: JSON-RPC framing and ids, SSE retry, names, schemas,
// content, variable expansion, config/mcp.json and the files of other hosts.
#include "mcpwirecases.h"
#include "testsupport.h"

#include <QtTest>

class TestMcpWire : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void idsKeepTheirType() { mcpwire::idsKeepTheirType(); }
    void classifiesAndRefuses() { mcpwire::classifiesAndRefuses(); }
    void sseRetryAndLastEventId() { mcpwire::sseRetryAndLastEventId(); }
    void challengeParameters() { mcpwire::challengeParameters(); }
    void logRingKeepsTheEnd() { mcpwire::logRingKeepsTheEnd(); }
    void toolNames() { mcpwire::toolNames(); }
    void inputSchemas() { mcpwire::inputSchemas(); }
    void validation() { mcpwire::validation(); }
    void contentBecomesAResult() { mcpwire::contentBecomesAResult(); }
    void elicitationDefaults() { mcpwire::elicitationDefaults(); }
    void variables() { mcpwire::variables(); }
    void settingsFile() { mcpwire::settingsFile(); }
    void foreignFiles() { mcpwire::foreignFiles(); }
    void commandResolution() { mcpwire::commandResolution(); }
};

VALIS_TEST_MAIN(TestMcpWire)
#include "tst_mcpwire.moc"
