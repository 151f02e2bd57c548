// The error bodies of Daytona's three services, as their SDKs read them.

const reasons = {
    400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 408: 'Request Timeout',
    409: 'Conflict', 410: 'Gone', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway',
};

export function sendJson(res, status, value, headers = {}) {
    const body = value === undefined ? '' : JSON.stringify(value);
    res.writeHead(status, {
        ...(value === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
        'Content-Length': Buffer.byteLength(body),
        ...headers,
    });
    res.end(body);
}

// The control plane: NestJS with apps/api/src/filters/all-exceptions.filter.ts.
export function apiError(res, req, status, message, headers = {}) {
    sendJson(res, status, {
        statusCode: status,
        timestamp: new Date().toISOString(),
        path: req.url,
        error: reasons[status] || 'Http Exception',
        message,
    }, headers);
}

// The daemon behind the toolbox proxy (common-go ErrorResponse, source DAYTONA_DAEMON).
export function daemonError(res, req, status, code, message) {
    sendJson(res, status, {
        statusCode: status,
        message,
        code,
        source: 'DAYTONA_DAEMON',
        path: req.url,
        method: req.method,
        timestamp: new Date().toISOString(),
    });
}

// The toolbox proxy itself (no sandbox, sandbox not started, runner unreachable).
export function proxyError(res, req, status, code, message) {
    sendJson(res, status, {
        statusCode: status,
        message,
        code,
        source: 'DAYTONA_PROXY',
        path: req.url,
        method: req.method,
        timestamp: new Date().toISOString(),
    });
}
