// SPDX-License-Identifier: MIT
#pragma once
// The colours every painter uses, in a light and a dark variant. Painters take a `const Palette&` and never
// pick colours of their own, so switching the theme (View menu) repaints everything consistently.
#include <QColor>
#include <QPalette>
#include <QString>
#include <array>

namespace tutor::views {

enum class Theme { Light, Dark };

struct Palette {
    Theme theme = Theme::Light;

    // page
    QColor background;
    QColor surface; ///< panels, node boxes
    QColor text;
    QColor mutedText; ///< axis labels, secondary readouts
    QColor grid; ///< grid lines, separators
    QColor accent; ///< selection, time cursor
    QColor error; ///< validation messages

    // collectives: ranks, chunks, links
    QColor gpuFill;
    QColor gpuOutline;
    QColor nodeFill;
    QColor nodeOutline;
    QColor emptyChunk; ///< a buffer slot that holds nothing yet
    QColor nvlinkLink; ///< intra-node links (NVLink, NVSwitch, PCIe, shared memory): solid
    QColor networkLink; ///< inter-node links (InfiniBand, RoCE, Ethernet): dashed
    QColor activeLink; ///< a link carrying a transfer in the current step

    // training timeline lanes
    QColor computeLane;
    QColor recomputeLane;
    QColor tpLane;
    QColor dpLane;
    QColor ppLane;
    QColor epLane;
    QColor cpLane;
    QColor optimizerLane;
    QColor exposedComm; ///< highlight for communication not hidden behind compute
    QColor bubbleHatch; ///< pipeline bubbles are hatched in this colour

    /// Ten distinguishable colours for ranks and their chunks (Tableau-10 like), reused cyclically.
    std::array<QColor, 10> series;
    /// How many ranks the drawing shows (0: unknown). Up to 10 ranks take `series`; more ranks each get a colour of
    /// their own, so rank 10 is never rank 0's colour again: hues a golden angle (137.5°) apart at three CIELAB
    /// lightness levels in turn, so that ring neighbours differ in lightness, which every kind of colour blindness
    /// still sees (at least 9.9 ΔE apart when simulated for protanopia, deuteranopia and tritanopia, Machado et al.
    /// 2009). The rank numbers on the chunks stay the sure way to tell them apart.
    int rankCount = 0;

    /// Colour of rank `rank` (and of the chunk it contributes), for a drawing of `rankCount` ranks.
    QColor rankColor(int rank) const;
    /// This palette for a drawing of `ranks` ranks.
    Palette forRanks(int ranks) const;
    /// Colour of a lane of this kind index (0 compute, 1 tp, 2 dp, 3 pp, 4 ep), as model::LaneKind orders them.
    QColor laneColor(int laneKindIndex) const;
    /// A QPalette for the widgets of the window in this theme.
    QPalette widgetPalette() const;

    static Palette light();
    static Palette dark();
    static Palette forTheme(Theme theme);
};

/// "light" / "dark" for settings; parseTheme falls back to Light for anything else.
QString themeName(Theme theme);
Theme parseTheme(const QString& text);

} // namespace tutor::views
