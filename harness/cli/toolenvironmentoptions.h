#pragma once

#include "valis/agent/toolenvironment.h"
#include "valis/core/result.h"

#include <QCommandLineOption>
#include "cliparser.h"

namespace valis::cli {

/// --sandbox, --network and --tools, shared by the commands that run tools (run, tool, tools).
class ToolEnvironmentOptions
{
public:
    ToolEnvironmentOptions();

    void addTo(CliParser &parser) const;
    /// What the options say; an Error with a usage message for a bad value.
    Result<ToolEnvironmentChoice> choice(const CliParser &parser) const;

private:
    QCommandLineOption m_sandbox;
    QCommandLineOption m_network;
    QCommandLineOption m_tools;
};

} // namespace valis::cli
