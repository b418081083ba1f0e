// SPDX-License-Identifier: MIT
#pragma once
// An animated GIF (GIF89a) writer for exports that teach: a collective or a training step played back. Qt reads GIF
// but does not write it. One global palette of up to 256 colours is chosen from sample frames (the drawings are
// flat colours plus antialiasing); each frame stores only the rectangle that changed since the previous one, and a
// frame equal to the previous one lengthens that frame's delay instead of being written again.
#include <QByteArray>
#include <QImage>
#include <QSize>
#include <array>
#include <cstdint>
#include <vector>

namespace tutor::views {

class GifEncoder {
public:
    /// Frames of `size`; the palette is built from `samples` (a few frames spread over the animation); `loops`
    /// 0 repeats forever.
    GifEncoder(QSize size, const std::vector<QImage>& samples, int loops = 0);

    /// Adds a frame shown for `delayMs` (rounded to GIF's 10 ms); scaled to the size when it differs.
    void addFrame(const QImage& frame, int delayMs);
    /// The whole file; no frame can be added after.
    QByteArray finish();

    int framesWritten() const { return m_written; }
    /// The colours of the global palette (≤ 256).
    const std::vector<QRgb>& palette() const { return m_palette; }

private:
    std::vector<std::uint8_t> indexed(const QImage& frame) const;
    void writeFrame(const std::vector<std::uint8_t>& pixels, const std::vector<std::uint8_t>* previous, int delayCs);

    QSize m_size;
    std::vector<QRgb> m_palette;
    std::vector<std::uint8_t> m_lookup; ///< 15-bit colour (5 bits per channel) → palette index
    QByteArray m_out;
    std::vector<std::uint8_t> m_pending; ///< the last frame, held until its delay is known
    std::vector<std::uint8_t> m_shown; ///< what the viewer shows before m_pending
    int m_pendingDelayCs = 0;
    bool m_hasPending = false;
    bool m_hasShown = false;
    int m_written = 0;
};

/// GIF's LZW: `pixels` (values < 2^minCodeSize) as the code stream of an image block, before sub-blocking.
std::vector<std::uint8_t> gifLzw(const std::vector<std::uint8_t>& pixels, int minCodeSize);

} // namespace tutor::views
