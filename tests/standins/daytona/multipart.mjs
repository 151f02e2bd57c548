// multipart/form-data reading and writing for the Daytona stand-in (uploads come in as
// multipart, bulk-download goes out as multipart). Bodies in tests are small, so the whole
// body is parsed at once.

export function boundaryOf(contentType) {
    const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
    return match ? (match[1] || match[2]).trim() : null;
}

// Returns [{name, filename, contentType, data: Buffer}] or null when the body is malformed.
export function parseMultipart(body, contentType) {
    const boundary = boundaryOf(contentType);
    if (!boundary)
        return null;
    const delimiter = Buffer.from(`--${boundary}`);
    const parts = [];
    let position = body.indexOf(delimiter);
    if (position < 0)
        return null;
    for (;;) {
        position += delimiter.length;
        if (body[position] === 0x2d && body[position + 1] === 0x2d)
            return parts;
        if (body[position] === 0x0d && body[position + 1] === 0x0a)
            position += 2;
        const headerEnd = body.indexOf('\r\n\r\n', position);
        if (headerEnd < 0)
            return null;
        const headers = {};
        for (const line of body.subarray(position, headerEnd).toString('utf8').split('\r\n')) {
            const colon = line.indexOf(':');
            if (colon > 0)
                headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
        if (next < 0)
            return null;
        const disposition = headers['content-disposition'] || '';
        const name = /\bname="([^"]*)"/i.exec(disposition);
        const filename = /\bfilename="([^"]*)"/i.exec(disposition);
        parts.push({
            name: name ? name[1] : '',
            filename: filename ? filename[1] : undefined,
            contentType: headers['content-type'],
            data: body.subarray(headerEnd + 4, next),
        });
        position = next + 2;
    }
}

// Builds a multipart/form-data body from [{name, filename, contentType, data}].
export function buildMultipart(parts) {
    const boundary = `standin${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
    const chunks = [];
    for (const part of parts) {
        const data = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data);
        chunks.push(Buffer.from(
            `--${boundary}\r\n` +
            `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n` +
            `Content-Length: ${data.length}\r\n\r\n`));
        chunks.push(data, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
