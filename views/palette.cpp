// SPDX-License-Identifier: MIT
#include "palette.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tutor::views {

namespace {

// Tableau 10 hues: distinguishable for most colour-vision types and on a projector.
constexpr std::array<QRgb, 10> kSeriesLight { 0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1,
    0xff9da7, 0x9c755f, 0xbab0ac };
constexpr std::array<QRgb, 10> kSeriesDark { 0x6b9bd1, 0xffa54f, 0xff6f71, 0x8fd3cd, 0x76c267, 0xf7dc6f, 0xcd98c0,
    0xffb6be, 0xc29a80, 0xd4cbc7 };

// sRGB from CIELAB (D65), each channel clamped to [0, 1]; `inGamut` says whether clamping was needed.
QColor fromLab(double lightness, double a, double b, bool* inGamut)
{
    const double fy = (lightness + 16) / 116, fx = fy + a / 500, fz = fy - b / 200;
    const auto finv = [](double t) { return t * t * t > 0.008856 ? t * t * t : (t - 16.0 / 116) / 7.787; };
    const double x = 0.95047 * finv(fx), y = finv(fy), z = 1.08883 * finv(fz);
    const std::array<double, 3> linear { 3.2406 * x - 1.5372 * y - 0.4986 * z, -0.9689 * x + 1.8758 * y + 0.0415 * z,
        0.0557 * x - 0.2040 * y + 1.0570 * z };
    *inGamut = true;
    std::array<double, 3> encoded {};
    for (std::size_t i = 0; i < 3; ++i) {
        if (linear[i] < -1e-9 || linear[i] > 1 + 1e-9)
            *inGamut = false;
        const double c = std::clamp(linear[i], 0.0, 1.0);
        encoded[i] = c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1 / 2.4) - 0.055;
    }
    return QColor::fromRgbF(
        static_cast<float>(encoded[0]), static_cast<float>(encoded[1]), static_cast<float>(encoded[2]));
}

// Rank `rank`'s colour past ten ranks: hue a golden angle on from the rank before, lightness `level` of three,
// chroma 40 or the most the hue has at that lightness in sRGB.
QColor generatedRankColour(int rank, int level, Theme theme)
{
    constexpr std::array<double, 3> kLight { 38, 57, 76 }, kDark { 50, 66, 82 };
    const double lightness = (theme == Theme::Light ? kLight : kDark)[static_cast<std::size_t>(level)];
    const double hue = std::fmod(rank * 137.50776405, 360.0) * std::numbers::pi / 180;
    QColor colour;
    for (double chroma = 40; chroma >= 0; chroma -= 1) {
        bool inGamut = false;
        colour = fromLab(lightness, chroma * std::cos(hue), chroma * std::sin(hue), &inGamut);
        if (inGamut)
            break;
    }
    return colour;
}

// The colours of the first ranks at each of the three levels, worked out once per theme: drawings show at most this
// many ranks one by one, and repaint them every frame.
constexpr int kTabledRanks = 64;
using RankTable = std::array<std::array<QColor, 3>, kTabledRanks>;

const RankTable& rankTable(Theme theme)
{
    const auto make = [](Theme t) {
        RankTable table;
        for (int r = 0; r < kTabledRanks; ++r)
            for (int level = 0; level < 3; ++level)
                table[static_cast<std::size_t>(r)][static_cast<std::size_t>(level)] = generatedRankColour(r, level, t);
        return table;
    };
    static const RankTable light = make(Theme::Light), dark = make(Theme::Dark);
    return theme == Theme::Light ? light : dark;
}

std::array<QColor, 10> toColors(const std::array<QRgb, 10>& rgb)
{
    std::array<QColor, 10> out;
    for (size_t i = 0; i < rgb.size(); ++i)
        out[i] = QColor(rgb[i]);
    return out;
}

} // namespace

QColor Palette::rankColor(int rank) const
{
    const int ten = static_cast<int>(series.size());
    if (rankCount <= ten || rank < 0 || rank >= rankCount)
        return series[static_cast<size_t>(((rank % ten) + ten) % ten)];
    // Lightness levels in turn; the last rank, whose ring neighbour is rank 0, takes the level neither neighbour has
    // when the count leaves it rank 0's: neither (ranks − 2) % 3 nor 0.
    const int level = rankCount % 3 == 1 && rank == rankCount - 1 ? 3 - (rankCount - 2) % 3 : rank % 3;
    if (rank < kTabledRanks)
        return rankTable(theme)[static_cast<std::size_t>(rank)][static_cast<std::size_t>(level)];
    return generatedRankColour(rank, level, theme);
}

Palette Palette::forRanks(int ranks) const
{
    Palette p = *this;
    p.rankCount = ranks;
    return p;
}

QColor Palette::laneColor(int laneKindIndex) const
{
    switch (laneKindIndex) {
    case 0:
        return computeLane;
    case 1:
        return tpLane;
    case 2:
        return dpLane;
    case 3:
        return ppLane;
    case 4:
        return epLane;
    case 5:
        return cpLane;
    default:
        return mutedText;
    }
}

QPalette Palette::widgetPalette() const
{
    QPalette p;
    p.setColor(QPalette::Window, surface);
    p.setColor(QPalette::WindowText, text);
    // Fields and check boxes are drawn on Base with an outline the style derives from Window; in the dark theme a
    // Base darker than the window hides both, so fields sit a step lighter than the panels there.
    const bool light = theme == Theme::Light;
    p.setColor(QPalette::Base, light ? background : surface.lighter(150));
    p.setColor(QPalette::AlternateBase, light ? surface.darker(104) : surface.lighter(175));
    p.setColor(QPalette::Light, light ? QColor(Qt::white) : surface.lighter(260));
    p.setColor(QPalette::Midlight, light ? surface.lighter(104) : surface.lighter(200));
    p.setColor(QPalette::Mid, light ? grid : mutedText.darker(160));
    p.setColor(QPalette::Dark, light ? mutedText : grid);
    p.setColor(QPalette::Shadow, light ? QColor(0x8c959f) : QColor(Qt::black));
    p.setColor(QPalette::ToolTipBase, surface);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, mutedText);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, light ? surface : surface.lighter(130));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, error);
    p.setColor(QPalette::Highlight, accent);
    p.setColor(QPalette::HighlightedText, light ? QColor(Qt::white) : QColor(0x10, 0x10, 0x10));
    p.setColor(QPalette::Link, accent);
    p.setColor(QPalette::Disabled, QPalette::Text, mutedText);
    p.setColor(QPalette::Disabled, QPalette::WindowText, mutedText);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, mutedText);
    return p;
}

Palette Palette::light()
{
    Palette p;
    p.theme = Theme::Light;
    p.background = QColor(0xffffff);
    p.surface = QColor(0xf3f4f6);
    p.text = QColor(0x1f2328);
    p.mutedText = QColor(0x6e7781);
    p.grid = QColor(0xd0d7de);
    p.accent = QColor(0x0969da);
    p.error = QColor(0xcf222e);
    p.gpuFill = QColor(0xffffff);
    p.gpuOutline = QColor(0x57606a);
    p.nodeFill = QColor(0xf6f8fa);
    p.nodeOutline = QColor(0x8c959f);
    p.emptyChunk = QColor(0xeaeef2);
    p.nvlinkLink = QColor(0x76b900); // NVIDIA green for NVLink
    p.networkLink = QColor(0x8250df);
    p.activeLink = QColor(0xbf3989);
    p.computeLane = QColor(0x4e79a7);
    p.recomputeLane = QColor(0x9cb8d6);
    p.tpLane = QColor(0xf28e2b);
    p.dpLane = QColor(0x59a14f);
    p.ppLane = QColor(0xb07aa1);
    p.epLane = QColor(0x76b7b2);
    p.cpLane = QColor(0xedc948);
    p.optimizerLane = QColor(0x9c755f);
    p.exposedComm = QColor(0xe15759);
    p.bubbleHatch = QColor(0xafb8c1);
    p.series = toColors(kSeriesLight);
    return p;
}

Palette Palette::dark()
{
    Palette p;
    p.theme = Theme::Dark;
    p.background = QColor(0x0d1117);
    p.surface = QColor(0x161b22);
    p.text = QColor(0xe6edf3);
    p.mutedText = QColor(0x8d96a0);
    p.grid = QColor(0x30363d);
    p.accent = QColor(0x4493f8);
    p.error = QColor(0xff7b72);
    p.gpuFill = QColor(0x21262d);
    p.gpuOutline = QColor(0x8d96a0);
    p.nodeFill = QColor(0x161b22);
    p.nodeOutline = QColor(0x484f58);
    p.emptyChunk = QColor(0x30363d);
    p.nvlinkLink = QColor(0x8fd400);
    p.networkLink = QColor(0xbc8cff);
    p.activeLink = QColor(0xff80c8);
    p.computeLane = QColor(0x6b9bd1);
    p.recomputeLane = QColor(0x3f5f82);
    p.tpLane = QColor(0xffa54f);
    p.dpLane = QColor(0x76c267);
    p.ppLane = QColor(0xcd98c0);
    p.epLane = QColor(0x8fd3cd);
    p.cpLane = QColor(0xf5d76e);
    p.optimizerLane = QColor(0xc29a80);
    p.exposedComm = QColor(0xff6f71);
    p.bubbleHatch = QColor(0x6e7681);
    p.series = toColors(kSeriesDark);
    return p;
}

Palette Palette::forTheme(Theme theme)
{
    return theme == Theme::Dark ? dark() : light();
}

QString themeName(Theme theme)
{
    return theme == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light");
}

Theme parseTheme(const QString& text)
{
    return text.compare(QLatin1String("dark"), Qt::CaseInsensitive) == 0 ? Theme::Dark : Theme::Light;
}

} // namespace tutor::views
