// SPDX-License-Identifier: MIT
#include "gifencoder.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace tutor::views {

namespace {

constexpr int kBins = 1 << 15;

int binOf(QRgb c)
{
    return ((qRed(c) >> 3) << 10) | ((qGreen(c) >> 3) << 5) | (qBlue(c) >> 3);
}

QRgb colourOfBin(int bin)
{
    // The centre of the 8 × 8 × 8 cell.
    return qRgb(((bin >> 10) & 31) * 8 + 4, ((bin >> 5) & 31) * 8 + 4, (bin & 31) * 8 + 4);
}

void put16(QByteArray& out, int value)
{
    out.append(static_cast<char>(value & 0xff));
    out.append(static_cast<char>((value >> 8) & 0xff));
}

} // namespace

std::vector<std::uint8_t> gifLzw(const std::vector<std::uint8_t>& pixels, int minCodeSize)
{
    std::vector<std::uint8_t> out;
    const int clear = 1 << minCodeSize;
    const int end = clear + 1;
    int codeSize = minCodeSize + 1;
    int next = end + 1;
    std::uint32_t bits = 0;
    int bitCount = 0;
    const auto put = [&](int code) {
        bits |= static_cast<std::uint32_t>(code) << bitCount;
        bitCount += codeSize;
        while (bitCount >= 8) {
            out.push_back(static_cast<std::uint8_t>(bits & 0xff));
            bits >>= 8;
            bitCount -= 8;
        }
    };
    // The dictionary maps (prefix code, next byte) to a code.
    std::unordered_map<std::uint32_t, int> dictionary;
    dictionary.reserve(4096);
    put(clear);
    if (pixels.empty()) {
        put(end);
        if (bitCount > 0)
            out.push_back(static_cast<std::uint8_t>(bits & 0xff));
        return out;
    }
    int prefix = pixels[0];
    for (size_t i = 1; i < pixels.size(); ++i) {
        const std::uint8_t byte = pixels[i];
        const std::uint32_t key = (static_cast<std::uint32_t>(prefix) << 8) | byte;
        if (const auto found = dictionary.find(key); found != dictionary.end()) {
            prefix = found->second;
            continue;
        }
        put(prefix);
        if (next < 4096) {
            dictionary.emplace(key, next);
            // The decoder widens the code one code later than the encoder adds it: widen after using `next`.
            if (next == (1 << codeSize) && codeSize < 12)
                ++codeSize;
            ++next;
        } else {
            put(clear);
            dictionary.clear();
            codeSize = minCodeSize + 1;
            next = end + 1;
        }
        prefix = byte;
    }
    put(prefix);
    put(end);
    if (bitCount > 0)
        out.push_back(static_cast<std::uint8_t>(bits & 0xff));
    return out;
}

GifEncoder::GifEncoder(QSize size, const std::vector<QImage>& samples, int loops)
    : m_size(size.expandedTo(QSize(1, 1)).boundedTo(QSize(65535, 65535)))
{
    // The palette: the most frequent colours of the samples (5 bits per channel), up to 256.
    std::vector<std::uint32_t> counts(kBins, 0);
    for (const QImage& sample : samples) {
        const QImage image = sample.convertToFormat(QImage::Format_RGB32);
        for (int y = 0; y < image.height(); ++y) {
            const auto* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
            for (int x = 0; x < image.width(); ++x)
                ++counts[static_cast<size_t>(binOf(row[x]))];
        }
    }
    std::vector<int> bins;
    for (int b = 0; b < kBins; ++b)
        if (counts[static_cast<size_t>(b)] > 0)
            bins.push_back(b);
    std::sort(bins.begin(), bins.end(),
        [&](int a, int b) { return counts[static_cast<size_t>(a)] > counts[static_cast<size_t>(b)]; });
    if (bins.size() > 256)
        bins.resize(256);
    for (int b : bins)
        m_palette.push_back(colourOfBin(b));
    if (m_palette.empty())
        m_palette.push_back(qRgb(255, 255, 255));
    // Every 15-bit colour maps to its nearest palette colour.
    m_lookup.resize(kBins);
    for (int b = 0; b < kBins; ++b) {
        const QRgb c = colourOfBin(b);
        int best = 0;
        long bestDistance = -1;
        for (size_t i = 0; i < m_palette.size(); ++i) {
            const long dr = qRed(c) - qRed(m_palette[i]), dg = qGreen(c) - qGreen(m_palette[i]),
                       db = qBlue(c) - qBlue(m_palette[i]);
            const long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
            if (bestDistance < 0 || d < bestDistance) {
                bestDistance = d;
                best = static_cast<int>(i);
            }
        }
        m_lookup[static_cast<size_t>(b)] = static_cast<std::uint8_t>(best);
    }

    // Header, logical screen with the global colour table (padded to 256), looping extension.
    m_out.append("GIF89a");
    put16(m_out, m_size.width());
    put16(m_out, m_size.height());
    m_out.append(static_cast<char>(0xf7)); // global table, 8 bits of colour resolution, 256 entries
    m_out.append('\0'); // background colour index
    m_out.append('\0'); // square pixels
    for (int i = 0; i < 256; ++i) {
        const QRgb c = i < static_cast<int>(m_palette.size()) ? m_palette[static_cast<size_t>(i)] : qRgb(0, 0, 0);
        m_out.append(static_cast<char>(qRed(c)));
        m_out.append(static_cast<char>(qGreen(c)));
        m_out.append(static_cast<char>(qBlue(c)));
    }
    m_out.append("\x21\xff\x0bNETSCAPE2.0\x03\x01", 16);
    put16(m_out, std::clamp(loops, 0, 65535));
    m_out.append('\0');
}

std::vector<std::uint8_t> GifEncoder::indexed(const QImage& frame) const
{
    QImage image = frame.size() == m_size
        ? frame.convertToFormat(QImage::Format_RGB32)
        : frame.scaled(m_size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation).convertToFormat(QImage::Format_RGB32);
    std::vector<std::uint8_t> out(static_cast<size_t>(m_size.width()) * static_cast<size_t>(m_size.height()));
    for (int y = 0; y < m_size.height(); ++y) {
        const auto* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < m_size.width(); ++x)
            out[static_cast<size_t>(y) * static_cast<size_t>(m_size.width()) + static_cast<size_t>(x)]
                = m_lookup[static_cast<size_t>(binOf(row[x]))];
    }
    return out;
}

void GifEncoder::addFrame(const QImage& frame, int delayMs)
{
    const int delayCs = std::max(1, static_cast<int>(std::lround(delayMs / 10.0)));
    std::vector<std::uint8_t> pixels = indexed(frame);
    if (m_hasPending && pixels == m_pending) {
        m_pendingDelayCs += delayCs; // the same picture: show the held one longer
        return;
    }
    if (m_hasPending) {
        writeFrame(m_pending, m_hasShown ? &m_shown : nullptr, m_pendingDelayCs);
        m_shown = std::move(m_pending);
        m_hasShown = true;
    }
    m_pending = std::move(pixels);
    m_pendingDelayCs = delayCs;
    m_hasPending = true;
}

void GifEncoder::writeFrame(
    const std::vector<std::uint8_t>& pixels, const std::vector<std::uint8_t>* previous, int delayCs)
{
    const int w = m_size.width(), h = m_size.height();
    // Only the rectangle that changed since what the viewer shows (the whole frame the first time).
    int left = 0, top = 0, right = w - 1, bottom = h - 1;
    if (previous) {
        left = w;
        top = h;
        right = -1;
        bottom = -1;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const size_t i = static_cast<size_t>(y) * static_cast<size_t>(w) + static_cast<size_t>(x);
                if (pixels[i] != (*previous)[i]) {
                    left = std::min(left, x);
                    right = std::max(right, x);
                    top = std::min(top, y);
                    bottom = std::max(bottom, y);
                }
            }
        if (right < 0) { // cannot happen (equal frames are merged), but a 1-pixel frame keeps the file valid
            left = right = top = bottom = 0;
        }
    }
    // Graphic control: keep the previous frame (disposal 1), delay in 1/100 s.
    m_out.append("\x21\xf9\x04\x04", 4);
    put16(m_out, std::min(delayCs, 65535));
    m_out.append('\0');
    m_out.append('\0');
    // Image descriptor and data.
    m_out.append(',');
    put16(m_out, left);
    put16(m_out, top);
    put16(m_out, right - left + 1);
    put16(m_out, bottom - top + 1);
    m_out.append('\0');
    std::vector<std::uint8_t> region;
    region.reserve(static_cast<size_t>(right - left + 1) * static_cast<size_t>(bottom - top + 1));
    for (int y = top; y <= bottom; ++y)
        for (int x = left; x <= right; ++x)
            region.push_back(pixels[static_cast<size_t>(y) * static_cast<size_t>(w) + static_cast<size_t>(x)]);
    const std::vector<std::uint8_t> codes = gifLzw(region, 8);
    m_out.append(static_cast<char>(8));
    for (size_t i = 0; i < codes.size(); i += 255) {
        const size_t n = std::min<size_t>(255, codes.size() - i);
        m_out.append(static_cast<char>(n));
        m_out.append(reinterpret_cast<const char*>(codes.data() + i), static_cast<qsizetype>(n));
    }
    m_out.append('\0');
    ++m_written;
}

QByteArray GifEncoder::finish()
{
    if (m_hasPending) {
        writeFrame(m_pending, m_hasShown ? &m_shown : nullptr, m_pendingDelayCs);
        m_hasPending = false;
    }
    m_out.append(';');
    return m_out;
}

} // namespace tutor::views
