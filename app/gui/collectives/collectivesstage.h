// SPDX-License-Identifier: MIT
#pragma once
// The Collectives page: the animated collective (views::CollectiveView) with the cost readout beside it,
// the parameter panel in the right-hand dock and the current step's explanation below.
#include "app/gui/stage.h"
#include "collectivescontroller.h"

class QTextBrowser;
class QSplitter;

namespace tutor::views {
class CollectiveView;
struct Palette;
} // namespace tutor::views

namespace tutor::app {

class CollectivesPanel;

class CollectivesStage : public Stage {
    Q_OBJECT
public:
    explicit CollectivesStage(QWidget* parent = nullptr);

    double duration() const override;
    void setTime(double t) override;
    double time() const override;
    /// Every schedule step: t = k shows the buffers after step k, with nothing in flight.
    std::vector<double> stops() const override;
    double naturalRate() const override;
    bool timeInSteps() const override { return true; }
    QWidget* parameterPanel() override;
    QString explanation() const override;
    ExportCaption exportCaption() const override;
    void retranslate() override;

    void setColors(const views::Palette& palette) override;
    CollectivesController* controller() const { return m_controller; }
    /// Offers a calibrated profile in the hardware list (nullopt removes it); `select` shows it at once.
    void setCalibratedProfile(const std::optional<model::HardwarePreset>& profile, bool select);
    views::CollectiveView* view() const { return m_view; }
    CollectivesPanel* panel() const { return m_panel; }
    /// The readout beside the animation (α, β, total, algbw, busbw, auto's pick, formula) as rich text.
    QString readoutHtml() const;

public slots:
    /// Larger or smaller text in the drawing and the readout (+/−), for projecting to a class.
    void zoomIn();
    void zoomOut();

protected:
    void changeEvent(QEvent* event) override;

private:
    void showResult();
    /// The readout's narrowest width: a figure's label and value on one line in its font (presenter mode scales it).
    void fitReadout();

    CollectivesController* m_controller;
    views::CollectiveView* m_view;
    QTextBrowser* m_readout;
    QSplitter* m_splitter;
    CollectivesPanel* m_panel;
};

} // namespace tutor::app
