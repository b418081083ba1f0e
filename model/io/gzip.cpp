// SPDX-License-Identifier: MIT
#include "model/io/gzip.h"

#include <zlib.h>

namespace tutor::io {

bool isGzip(std::string_view data)
{
    return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f
        && static_cast<unsigned char>(data[1]) == 0x8b;
}

std::variant<std::string, InflateFailure> gunzip(std::string_view data, std::size_t maxBytes)
{
    z_stream stream {};
    // 16 + MAX_WBITS: a gzip header and trailer around the deflate stream (zlib manual, inflateInit2).
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK)
        return InflateFailure { "cannot be inflated: zlib could not start" };
    std::string out;
    std::size_t consumed = 0;
    char buffer[1 << 16];
    int status = Z_OK;
    while (consumed < data.size()) {
        const std::size_t chunk = std::min<std::size_t>(data.size() - consumed, 1U << 30);
        stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + consumed));
        stream.avail_in = static_cast<uInt>(chunk);
        do {
            stream.next_out = reinterpret_cast<Bytef*>(buffer);
            stream.avail_out = sizeof buffer;
            status = inflate(&stream, Z_NO_FLUSH);
            if (status == Z_BUF_ERROR) { // no progress possible with this input: not an error by itself
                status = Z_OK;
                break;
            }
            if (status != Z_OK && status != Z_STREAM_END) {
                const std::string reason = stream.msg ? stream.msg : "truncated or corrupt";
                inflateEnd(&stream);
                return InflateFailure { "is not valid gzip data: " + reason };
            }
            out.append(buffer, sizeof buffer - stream.avail_out);
            if (out.size() > maxBytes) {
                inflateEnd(&stream);
                return InflateFailure { "inflates to more than " + std::to_string(maxBytes >> 20) + " MiB" };
            }
        } while (stream.avail_out == 0 && status != Z_STREAM_END);
        const std::size_t before = consumed;
        consumed += chunk - stream.avail_in;
        if (consumed == before && status != Z_STREAM_END)
            break; // no input taken: the stream is cut short
        if (status == Z_STREAM_END) {
            // Concatenated members (`cat a.gz b.gz`) inflate one after the other, as gzip -d does.
            if (consumed >= data.size() || !isGzip(data.substr(consumed)))
                break;
            inflateReset(&stream);
            status = Z_OK;
        } else if (stream.avail_in == 0 && consumed >= data.size()) {
            break;
        }
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END)
        return InflateFailure { "is not valid gzip data: it ends before the compressed stream does" };
    return out;
}

} // namespace tutor::io
