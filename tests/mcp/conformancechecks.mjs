// Reads what a @modelcontextprotocol/conformance run wrote (its checks.json, somewhere under the
// output folder), for the client scenarios (tests/mcp) and the server ones (tests/server) alike.
import fs from 'node:fs';
import path from 'node:path';

function findChecks(folder) {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) {
            const found = findChecks(full);
            if (found)
                return found;
        } else if (entry.name === 'checks.json') {
            return full;
        }
    }
    return null;
}

/// The run's checks under `output`: warnings are printed, failures (and a run that wrote no
/// checks, or none at all) come back as `problems`; `succeeded` counts the successful checks.
export function readConformanceChecks(output) {
    const problems = [];
    const checksFile = findChecks(output);
    if (!checksFile) {
        problems.push('the conformance run wrote no checks.json');
        return { checksFile, problems, succeeded: 0 };
    }
    const checks = JSON.parse(fs.readFileSync(checksFile, 'utf8'));
    if (checks.length === 0)
        problems.push('the scenario recorded no checks');
    for (const check of checks) {
        const text = `${check.id}: ${check.description}${check.errorMessage ? ` (${check.errorMessage})` : ''}`;
        if (check.status === 'WARNING')
            console.log(`WARNING ${text}`);
        else if (check.status === 'FAILURE')
            problems.push(`FAILURE ${text}`);
    }
    return { checksFile, problems, succeeded: checks.filter((c) => c.status === 'SUCCESS').length };
}
