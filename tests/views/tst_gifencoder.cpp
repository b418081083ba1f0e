// SPDX-License-Identifier: MIT
// The animated GIF writer, checked by an independent decoder (Qt's GIF reader): every frame reads back pixel for
// pixel (within the palette's 5-bit bins), equal frames merge into one longer frame, changed-rectangle frames
// composite to the full picture, and LZW survives a full code table (random colours force clear codes).
#include "views/gifencoder.h"

#include <QBuffer>
#include <QImageReader>
#include <QPainter>
#include <QRandomGenerator>
#include <QTest>
#include <cstdlib>

using namespace tutor::views;

namespace {

QImage drawing(int step)
{
    // A flat drawing like the collective view: a background, boxes in a few colours, one moving box.
    QImage image(160, 90, QImage::Format_RGB32);
    image.fill(QColor(0xf3f4f6));
    QPainter p(&image);
    const QColor colours[] = { QColor(0x4e79a7), QColor(0xf28e2b), QColor(0xe15759), QColor(0x59a14f) };
    for (int i = 0; i < 4; ++i)
        p.fillRect(10 + i * 36, 10, 30, 20, colours[i]);
    p.fillRect(10 + step * 12, 50, 20, 20, QColor(0xb07aa1));
    return image;
}

struct Decoded {
    std::vector<QImage> frames;
    std::vector<int> delays;
};

Decoded decode(const QByteArray& bytes)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer, "gif");
    Decoded d;
    QImage frame;
    while (reader.read(&frame)) {
        d.frames.push_back(frame.convertToFormat(QImage::Format_RGB32));
        d.delays.push_back(reader.nextImageDelay());
    }
    return d;
}

/// Largest per-channel difference between two images of the same size.
int worstDifference(const QImage& a, const QImage& b)
{
    int worst = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            worst = std::max(
                { worst, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)), std::abs(qBlue(p) - qBlue(q)) });
        }
    return worst;
}

} // namespace

class TstGifEncoder : public QObject {
    Q_OBJECT
private slots:
    void framesReadBack()
    {
        std::vector<QImage> source;
        for (int step = 0; step < 6; ++step)
            source.push_back(drawing(step));
        GifEncoder gif(source.front().size(), { source.front(), source.back() });
        for (const QImage& frame : source)
            gif.addFrame(frame, 250);
        const Decoded d = decode(gif.finish());
        QCOMPARE(static_cast<int>(d.frames.size()), 6);
        for (size_t i = 0; i < source.size(); ++i) {
            QCOMPARE(d.frames[i].size(), source[i].size());
            // Each colour is its 5-bit bin's centre: at most 4 off per channel.
            QVERIFY2(worstDifference(d.frames[i], source[i]) <= 4, qPrintable(QString::number(i)));
            QCOMPARE(d.delays[i], 250);
        }
    }

    void equalFramesMerge()
    {
        const QImage a = drawing(0), b = drawing(3);
        GifEncoder gif(a.size(), { a, b });
        gif.addFrame(a, 100);
        gif.addFrame(a, 100);
        gif.addFrame(a, 100);
        gif.addFrame(b, 100);
        const Decoded d = decode(gif.finish());
        QCOMPARE(gif.framesWritten(), 2);
        QCOMPARE(static_cast<int>(d.frames.size()), 2);
        QCOMPARE(d.delays[0], 300);
        QCOMPARE(d.delays[1], 100);
        QVERIFY(worstDifference(d.frames[1], b) <= 4);
    }

    void fullCodeTable()
    {
        // 256 colours at random: every pixel starts a new string, so the 4,096-entry table fills and clears many
        // times. The palette holds all 256, so the picture reads back exactly (to the bin centre).
        QImage noise(200, 150, QImage::Format_RGB32);
        std::vector<QRgb> colours;
        for (int i = 0; i < 256; ++i)
            colours.push_back(qRgb((i * 37) % 256 & ~7, (i * 91) % 256 & ~7, (i * 53) % 256 & ~7));
        QRandomGenerator random(42);
        for (int y = 0; y < noise.height(); ++y)
            for (int x = 0; x < noise.width(); ++x)
                noise.setPixel(x, y, colours[random.bounded(256)]);
        GifEncoder gif(noise.size(), { noise });
        QVERIFY(gif.palette().size() <= 256);
        gif.addFrame(noise, 100);
        const Decoded d = decode(gif.finish());
        QCOMPARE(static_cast<int>(d.frames.size()), 1);
        QVERIFY(worstDifference(d.frames[0], noise) <= 4);
    }

    void lzwOfNothingIsClearAndEnd()
    {
        // Clear (256) and end (257) in 9 bits each: 0x100 | 0x101 << 9 = 0x00 0x03 0x02.
        const std::vector<std::uint8_t> codes = gifLzw({}, 8);
        QCOMPARE(codes, (std::vector<std::uint8_t> { 0x00, 0x03, 0x02 }));
    }
};

QTEST_MAIN(TstGifEncoder)
#include "tst_gifencoder.moc"
