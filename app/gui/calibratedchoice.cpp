// SPDX-License-Identifier: MIT
#include "app/gui/calibratedchoice.h"

#include "views/text.h"

#include <QComboBox>
#include <QCoreApplication>

namespace tutor::app {

namespace {

/// A calibrated link as a scenario's link override (α in µs).
model::LinkOverride fittedOverride(const model::Link& link)
{
    return { link.bandwidthGBps, link.alphaSeconds * 1e6 };
}

} // namespace

std::optional<CalibratedChoice> loadCalibratedChoice(const QString& path)
{
    auto profile = loadCustomProfile(path);
    if (!profile)
        return std::nullopt;
    std::string base = customProfileBase(*profile);
    if (base.empty())
        return std::nullopt;
    return CalibratedChoice { std::move(*profile), std::move(base) };
}

void offerCalibrated(QComboBox* presets, const std::optional<CalibratedChoice>& choice)
{
    const int at = presets->findData(kCalibratedEntry);
    if (!choice) {
        if (at >= 0)
            presets->removeItem(at);
        return;
    }
    const QString text = QCoreApplication::translate("tutor::app::CalibratedChoice", "Calibrated: %1")
                             .arg(views::presetName(QString::fromStdString(choice->base)));
    if (at >= 0)
        presets->setItemText(at, text);
    else
        presets->addItem(text, kCalibratedEntry);
    const auto& p = choice->profile;
    presets->setItemData(presets->findData(kCalibratedEntry),
        QCoreApplication::translate("tutor::app::CalibratedChoice",
            "The live lab's calibrated links: intra α %1 µs, β %2 GB/s; inter α %3 µs, β %4 GB/s")
            .arg(p.intra.alphaSeconds * 1e6, 0, 'f', 2)
            .arg(p.intra.bandwidthGBps, 0, 'f', 1)
            .arg(p.inter.alphaSeconds * 1e6, 0, 'f', 2)
            .arg(p.inter.bandwidthGBps, 0, 'f', 1),
        Qt::ToolTipRole);
}

void applyCalibrated(model::HardwareSpec& hardware, const CalibratedChoice& choice)
{
    hardware.preset = choice.base;
    hardware.intra = fittedOverride(choice.profile.intra);
    hardware.inter = fittedOverride(choice.profile.inter);
}

bool hasCalibratedLinks(const model::HardwareSpec& hardware, const CalibratedChoice& choice)
{
    return hardware.intra == fittedOverride(choice.profile.intra)
        && hardware.inter == fittedOverride(choice.profile.inter);
}

} // namespace tutor::app
