// SPDX-License-Identifier: MIT
#include "palette.h"

#include <cmath>

namespace tutor::views {

namespace {

// Tableau 10 hues: distinguishable for most colour-vision types and on a projector.
constexpr std::array<QRgb, 10> kSeriesLight { 0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1,
    0xff9da7, 0x9c755f, 0xbab0ac };
constexpr std::array<QRgb, 10> kSeriesDark { 0x6b9bd1, 0xffa54f, 0xff6f71, 0x8fd3cd, 0x76c267, 0xf7dc6f, 0xcd98c0,
    0xffb6be, 0xc29a80, 0xd4cbc7 };

// Tableau 20 (ten hues, then their light partners) for drawings of 11 to 20 ranks.
constexpr std::array<QRgb, 20> kTableau20 { 0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2,
    0x7f7f7f, 0xbcbd22, 0x17becf, 0xaec7e8, 0xffbb78, 0x98df8a, 0xff9896, 0xc5b0d5, 0xc49c94, 0xf7b6d2, 0xc7c7c7,
    0xdbdb8d, 0x9edae5 };

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
    const bool light = theme == Theme::Light;
    if (rankCount <= static_cast<int>(kTableau20.size())) {
        // Tableau 20: the ten hues, then their lighter partners (ranks 10–19).
        return QColor(kTableau20[static_cast<size_t>(rank)]);
    }
    // More than 20: each rank turns the hue by the golden angle (137.5°), so ring neighbours are far apart on the
    // wheel and no two ranks share a hue; odd and even ranks also differ in lightness (the last rank of an odd
    // count takes a third level, as its ring neighbour is rank 0).
    const double hue = std::fmod(rank * 137.50776405, 360.0);
    const int level = (rankCount % 2 == 1 && rank == rankCount - 1) ? 2 : rank % 2;
    const double lightness = light ? 0.40 + 0.13 * level : 0.55 + 0.12 * level;
    return QColor::fromHslF(static_cast<float>(hue / 360.0), 0.65f, static_cast<float>(lightness));
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
