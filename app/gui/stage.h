// SPDX-License-Identifier: MIT
#pragma once
// A stage is one page of the navigator (Collectives, Training step, Live lab, Lessons). The main window
// shows the current stage in the centre, its parameter panel on the right, its explanation below, and
// drives its animation through one number: the time t (docs/ARCHITECTURE.md: animation drives one number).
#include "views/palette.h"

#include <QString>
#include <QWidget>
#include <optional>
#include <vector>

namespace tutor::app {

/// What an exported picture or recording of a page says about itself: a title over the picture, one line of
/// parameters under it, and the stem of the default file name ("allreduce-ring-8-ranks").
struct ExportCaption {
    QString title;
    QString parameters;
    QString fileStem;
};

class Stage : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    /// Length of the animation in the stage's own time unit (seconds of simulated time, or schedule steps).
    /// 0 when the stage has nothing to animate (playback controls are then disabled).
    virtual double duration() const { return 0; }
    /// False for a page that never animates (a search, a live measurement): the window then hides the
    /// playback bar instead of showing "0.00 / 0.00 ms".
    virtual bool hasPlayback() const { return true; }
    /// Moves the animation to t, clamped to [0, duration()].
    virtual void setTime(double t) { Q_UNUSED(t); }
    /// Where the animation is now; a new schedule or timeline may move it (it then emits durationChanged).
    virtual double time() const { return 0; }
    /// The times a step forward or back (←/→) moves between, in the stage's unit: every schedule step, every
    /// event start. Empty: multiples of naturalRate().
    virtual std::vector<double> stops() const { return {}; }
    /// True when the time unit is schedule steps (the playback bar then reads "step 3 / 14"), false for
    /// seconds of simulated time.
    virtual bool timeInSteps() const { return false; }
    /// Time advanced per second of wall clock at playback speed 1×.
    virtual double naturalRate() const { return 1; }
    /// The stage's controls (form, selectors), shown in the right-hand dock; may be null.
    virtual QWidget* parameterPanel() { return nullptr; }
    /// Rich text explaining what is on screen now, shown in the explanation dock.
    virtual QString explanation() const { return {}; }
    /// Applies the light or dark palette to the stage's drawings (views and charts).
    virtual void setColors(const views::Palette& palette) { Q_UNUSED(palette); }
    /// Re-applies translated strings; a language switch calls it (see event()).
    virtual void retranslate() { }
    /// setColors() now when the page is on show, else when it is next shown (a theme switch repaints the page on
    /// show only).
    void changeColors(const views::Palette& palette);
    /// True while a language or theme switch waits for the page to be shown.
    bool hasPendingChange() const { return m_languageStale || m_pendingPalette.has_value(); }
    /// The caption of an exported picture of what is on screen now; empty fields take the page's name.
    virtual ExportCaption exportCaption() const { return {}; }

signals:
    /// The animation changed (new schedule, timeline or scene): duration(), stops() and time() are read again.
    void durationChanged(double duration);
    void timeChanged(double t);
    void explanationChanged(const QString& html);
    /// A message for the status bar or an error box ("3 problems in scenario.json").
    void message(const QString& text, bool isError);

protected:
    /// A language switch reaches every widget at once. A page behind another one (hidden by the page stack) takes
    /// it, and a palette, when it is next shown, so a switch costs what the page on show needs; a page on show
    /// takes it at once: its widgets' changeEvent(), then retranslate(), then explanationChanged().
    bool event(QEvent* event) override;

private:
    bool m_languageStale = false;
    std::optional<views::Palette> m_pendingPalette;
};

} // namespace tutor::app
