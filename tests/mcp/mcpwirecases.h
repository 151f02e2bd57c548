#pragma once

// The test functions of tst_mcpwire (see mcpwirecases.cpp for why they live apart).
namespace mcpwire {
void idsKeepTheirType();
void classifiesAndRefuses();
void sseRetryAndLastEventId();
void challengeParameters();
void logRingKeepsTheEnd();
void toolNames();
void inputSchemas();
void validation();
void contentBecomesAResult();
void elicitationDefaults();
void variables();
void settingsFile();
void foreignFiles();
void commandResolution();
} // namespace mcpwire
