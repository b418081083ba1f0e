// SPDX-License-Identifier: MIT
// The window at the screens a classroom has (1280×720 projectors, 1366×768 laptops, Full HD, 4K at 100 and 200 %), in
// both languages and both themes: it takes the size asked for, every chart legend shows its names whole, no axis title
// or label is cut short, and the parameter panel is never narrower than its fields. The test reads the widgets' texts
// and geometry (font metrics against the space Qt Charts gives them), not pixels.
#include "app/gui/lessons/interviewpage.h"
#include "app/gui/lessons/lessonplayer.h"
#include "app/gui/lessons/lessonstage.h"
#include "app/gui/mainwindow.h"
#include "views/charts/chartlegend.h"

#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QFontMetricsF>
#include <QLogValueAxis>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTest>
#include <QToolButton>
#include <QValueAxis>
#include <cmath>

using namespace tutor;

namespace {

/// What in `view`'s chart would be drawn cut short ("…"), one line per problem.
QStringList cutTexts(const QChartView* view)
{
    QStringList problems;
    const QChart* chart = view->chart();
    const QRectF plot = chart->plotArea();
    for (QAbstractAxis* axis : chart->axes()) {
        const bool vertical = axis->orientation() == Qt::Vertical;
        const double length = vertical ? plot.height() : plot.width();
        const QFontMetricsF titleMetrics(axis->titleFont());
        if (axis->isTitleVisible() && !axis->titleText().isEmpty()
            && titleMetrics.horizontalAdvance(axis->titleText()) > length)
            problems << QStringLiteral("axis title \"%1\" (%2 px) on a %3 px axis")
                            .arg(axis->titleText())
                            .arg(titleMetrics.horizontalAdvance(axis->titleText()))
                            .arg(length);
        if (vertical) {
            // Qt Charts cuts a vertical axis's labels to "…" when they are closer than a line apart (a log axis over
            // six decades on a 110-pixel plot showed only dots at 1280×720).
            const double line = QFontMetricsF(axis->labelsFont()).height();
            int labels = 0;
            if (auto* logs = qobject_cast<QLogValueAxis*>(axis); logs && logs->min() > 0 && logs->max() > logs->min())
                labels
                    = static_cast<int>(std::floor(std::log(logs->max() / logs->min()) / std::log(logs->base()) + 1e-9))
                    + 1;
            else if (auto* values = qobject_cast<QValueAxis*>(axis))
                labels = values->tickCount();
            if (labels > 1 && plot.height() / labels < line)
                problems << QStringLiteral("%1 vertical labels on a %2 px axis (a line is %3 px)")
                                .arg(labels)
                                .arg(plot.height())
                                .arg(line);
            continue;
        }
        // Horizontal labels share the axis: each needs its text's width between its neighbours.
        const QFontMetricsF labelMetrics(axis->labelsFont());
        if (auto* categories = qobject_cast<QCategoryAxis*>(axis)) {
            const QStringList labels = categories->categoriesLabels();
            const double span = categories->max() - categories->min();
            for (int i = 1; i < labels.size(); ++i) {
                const double gap
                    = (categories->endValue(labels[i]) - categories->endValue(labels[i - 1])) / span * plot.width();
                const double need
                    = (labelMetrics.horizontalAdvance(labels[i]) + labelMetrics.horizontalAdvance(labels[i - 1])) / 2;
                if (need > gap)
                    problems << QStringLiteral("labels \"%1\" and \"%2\" need %3 px, have %4")
                                    .arg(labels[i - 1], labels[i])
                                    .arg(need)
                                    .arg(gap);
            }
        } else if (auto* values = qobject_cast<QValueAxis*>(axis)) {
            // Qt Charts gives each of n value labels plotwidth/n − 10 px and cuts longer ones to "…".
            const double each = plot.width() / values->tickCount() - 10;
            for (double v : { values->min(), values->max() }) {
                const QString label = QString::asprintf(values->labelFormat().toLatin1().constData(), v);
                if (!values->labelFormat().isEmpty() && labelMetrics.horizontalAdvance(label) > each)
                    problems << QStringLiteral("value label \"%1\" wider than %2 px").arg(label).arg(each);
            }
        } else if (auto* logs = qobject_cast<QLogValueAxis*>(axis)) {
            const int n
                = static_cast<int>(std::floor(std::log(logs->max() / logs->min()) / std::log(logs->base()))) + 1;
            const double each = plot.width() / std::max(1, n) - 10;
            const double top = std::pow(logs->base(), std::floor(std::log(logs->max()) / std::log(logs->base())));
            const QString label = QString::asprintf(logs->labelFormat().toLatin1().constData(), top);
            if (!logs->labelFormat().isEmpty() && labelMetrics.horizontalAdvance(label) > each)
                problems << QStringLiteral("log label \"%1\" wider than %2 px (%3 labels)").arg(label).arg(each).arg(n);
        } else if (auto* bars = qobject_cast<QBarCategoryAxis*>(axis)) {
            const double each = plot.width() / std::max<qsizetype>(1, bars->count());
            for (const QString& label : bars->categories())
                if (labelMetrics.horizontalAdvance(label) > each)
                    problems << QStringLiteral("bar label \"%1\" wider than %2 px").arg(label).arg(each);
        }
    }
    return problems;
}

/// The mean lightness of the opaque pixels of an icon's normal 16-pixel image.
int glyphLightness(const QIcon& icon)
{
    const QImage image = icon.pixmap(16, 16).toImage().convertToFormat(QImage::Format_ARGB32);
    long sum = 0, count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (const QColor c = image.pixelColor(x, y); c.alpha() > 200) {
                sum += c.lightness();
                ++count;
            }
    return count > 0 ? static_cast<int>(sum / count) : -1000;
}

} // namespace

class TstLayoutFit : public QObject {
    Q_OBJECT
private slots:
    void fitsEveryPage_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("theme");
        for (const QSize size : { QSize(1280, 720), QSize(1366, 768) })
            for (const char* language : { "en", "zh_CN" })
                for (const char* theme : { "light", "dark" })
                    QTest::addRow("%dx%d %s %s", size.width(), size.height(), language, theme)
                        << size << QString::fromLatin1(language) << QString::fromLatin1(theme);
        // Full HD, which is also a 4K screen at 200 % (ctest runs these rows again with QT_SCALE_FACTOR=2), and 4K at
        // 100 %.
        QTest::addRow("1920x1080 en light") << QSize(1920, 1080) << QStringLiteral("en") << QStringLiteral("light");
        QTest::addRow("1920x1080 zh_CN dark") << QSize(1920, 1080) << QStringLiteral("zh_CN") << QStringLiteral("dark");
        QTest::addRow("3840x2160 en light") << QSize(3840, 2160) << QStringLiteral("en") << QStringLiteral("light");
    }

    void fitsEveryPage()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QFETCH(QString, theme);
        app::MainWindow window(false, nullptr, language);
        window.setTheme(views::parseTheme(theme));
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (const QString& view : app::MainWindow::viewNames()) {
            QVERIFY(window.showView(view));
            window.resize(size);
            QCoreApplication::processEvents();
            QTest::qWait(20);
            // The window takes the size asked for: its minimum is below it on every page.
            QVERIFY2(window.size() == size,
                qPrintable(QStringLiteral("%1: %2x%3").arg(view).arg(window.width()).arg(window.height())));
            if (view == QLatin1String("lessons") && size.width() == 1280) {
                // Every step of every lesson, not only the one the progress file opens: no scene, task control or
                // text may widen the page past the screen.
                auto* stage = window.findChild<app::LessonStage*>();
                QVERIFY(stage);
                app::LessonPlayer* player = stage->player();
                for (int l = 0; l < player->lessonCount(); ++l) {
                    player->openLesson(l);
                    for (const auto& step : player->lesson()->steps) {
                        QVERIFY(stage->goToStep(player->lessonId(l), QString::fromStdString(step.id)));
                        window.resize(size);
                        QCoreApplication::processEvents();
                        QVERIFY2(window.size() == size && window.minimumSizeHint().width() <= size.width(),
                            qPrintable(QStringLiteral("lesson %1#%2: %3x%4")
                                           .arg(player->lessonId(l), QString::fromStdString(step.id))
                                           .arg(window.width())
                                           .arg(window.height())));
                    }
                }
                player->openLesson(0);
                // Every interview question: long options and labels wrap instead of widening the page.
                app::InterviewPage* interview = stage->interviewPage();
                stage->showInterview(true);
                for (const QString& id : interview->questionIds()) {
                    QVERIFY(interview->showQuestion(id, 3));
                    window.resize(size);
                    QCoreApplication::processEvents();
                    QVERIFY2(window.size() == size && window.minimumSizeHint().width() <= size.width(),
                        qPrintable(QStringLiteral("question %1: %2x%3 (minimum width %4)")
                                       .arg(id)
                                       .arg(window.width())
                                       .arg(window.height())
                                       .arg(window.minimumSizeHint().width())));
                }
                stage->showInterview(false);
            }

            QStringList problems;
            for (const auto* legend : window.findChildren<views::charts::ChartLegend*>())
                if (legend->isVisible() && !legend->showsEveryTextWhole())
                    problems << QStringLiteral("legend cut: %1").arg(legend->texts().join(QStringLiteral(", ")));
            for (const auto* chartView : window.findChildren<QChartView*>())
                if (chartView->isVisible())
                    problems << cutTexts(chartView);
            // The sweep's two choices show every item whole (the "Show" box was cut to "step time and exposed c").
            for (const QString& name : { QStringLiteral("sweepParameter"), QStringLiteral("sweepQuantity") })
                if (const auto* box = window.findChild<QComboBox*>(name); box && box->isVisible()) {
                    QStyleOptionComboBox option;
                    option.initFrom(box);
                    const QRect text
                        = box->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, box);
                    for (int i = 0; i < box->count(); ++i)
                        if (box->fontMetrics().horizontalAdvance(box->itemText(i)) > text.width())
                            problems << QStringLiteral("%1 item \"%2\" (%3 px) in a %4 px box")
                                            .arg(name, box->itemText(i))
                                            .arg(box->fontMetrics().horizontalAdvance(box->itemText(i)))
                                            .arg(text.width());
                }
            // The parameter panel on show is at least as wide as its fields want (it scrolls only vertically).
            const auto* dock = window.findChild<QDockWidget*>(QStringLiteral("parameterDock"));
            QVERIFY(dock);
            const auto* panels = qobject_cast<const QStackedWidget*>(dock->widget());
            QVERIFY(panels);
            if (const auto* scroll = qobject_cast<const QScrollArea*>(panels->currentWidget());
                scroll && scroll->widget())
                if (scroll->widget()->width() < scroll->widget()->minimumSizeHint().width())
                    problems << QStringLiteral("parameter panel %1 px wide, needs %2")
                                    .arg(scroll->widget()->width())
                                    .arg(scroll->widget()->minimumSizeHint().width());
            // The theme reaches every chart and the playback buttons: a chart's background and a button's glyph are
            // in the theme's colours (the Live lab chart stayed white and the media icons dark on dark).
            const QColor windowColour = window.palette().color(QPalette::Window);
            for (const auto* chartView : window.findChildren<QChartView*>())
                if (chartView->isVisible()
                    && std::abs(chartView->chart()->backgroundBrush().color().lightness() - windowColour.lightness())
                        > 60)
                    problems << QStringLiteral("chart \"%1\" background %2 on a %3 window")
                                    .arg(chartView->chart()->title(),
                                        chartView->chart()->backgroundBrush().color().name(), windowColour.name());
            for (const auto* button :
                window.findChild<QWidget*>(QStringLiteral("playbackBar"))->findChildren<QToolButton*>())
                if (const int contrast = glyphLightness(button->icon()) - windowColour.lightness();
                    std::abs(contrast) < 100)
                    problems << QStringLiteral("playback button \"%1\": glyph lightness differs from the window by %2")
                                    .arg(button->toolTip())
                                    .arg(contrast);
            QVERIFY2(problems.isEmpty(), qPrintable(view + QStringLiteral(": ") + problems.join(QStringLiteral("; "))));
        }
    }
};

QTEST_MAIN(TstLayoutFit)
#include "tst_layoutfit.moc"
