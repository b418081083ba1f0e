// SPDX-License-Identifier: MIT
#include "hardwareprofile.h"

#include "app/gui/savefile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <array>
#include <cmath>

namespace tutor::app {

namespace {

constexpr std::array kKinds { model::LinkKind::NVLink, model::LinkKind::PCIe, model::LinkKind::SharedMemory,
    model::LinkKind::InfiniBand, model::LinkKind::RoCE, model::LinkKind::Ethernet, model::LinkKind::Efa };

QJsonObject toJson(const model::Link& l)
{
    return { { QStringLiteral("kind"),
                 QString::fromUtf8(model::name(l.kind).data(), static_cast<int>(model::name(l.kind).size())) },
        { QStringLiteral("alpha_us"), l.alphaSeconds * 1e6 }, { QStringLiteral("bandwidth_GBps"), l.bandwidthGBps },
        { QStringLiteral("line_rate_GBps"), l.lineRateGBps },
        { QStringLiteral("source"), QString::fromStdString(l.source) } };
}

std::optional<model::Link> linkFrom(const QJsonObject& o)
{
    model::Link l;
    const QString kind = o.value(QLatin1String("kind")).toString();
    bool found = false;
    for (auto k : kKinds)
        if (kind == QString::fromUtf8(model::name(k).data(), static_cast<int>(model::name(k).size()))) {
            l.kind = k;
            found = true;
        }
    l.alphaSeconds = o.value(QLatin1String("alpha_us")).toDouble(-1) * 1e-6;
    l.bandwidthGBps = o.value(QLatin1String("bandwidth_GBps")).toDouble(-1);
    l.lineRateGBps = o.value(QLatin1String("line_rate_GBps")).toDouble(0);
    l.source = o.value(QLatin1String("source")).toString().toStdString();
    if (!found || !(l.alphaSeconds >= 0) || !(l.bandwidthGBps > 0) || !std::isfinite(l.bandwidthGBps))
        return std::nullopt;
    return l;
}

} // namespace

QString customProfilePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/custom-hardware.json");
}

namespace {
constexpr std::string_view kCalibratedOn = "live lab calibration on ";
}

model::HardwarePreset customProfile(
    const model::HardwarePreset& base, const model::Link& intra, const model::Link& inter)
{
    model::HardwarePreset p = base;
    p.id = "custom-calibrated";
    p.name = "Calibrated (" + base.name + ")";
    p.intra = intra;
    p.inter = inter;
    p.source = std::string(kCalibratedOn) + base.id;
    return p;
}

std::string customProfileBase(const model::HardwarePreset& profile)
{
    if (profile.source.rfind(kCalibratedOn, 0) != 0)
        return {};
    const std::string base = profile.source.substr(kCalibratedOn.size());
    return model::findPreset(base) ? base : std::string();
}

QString saveCustomProfile(const model::HardwarePreset& p, const QString& path)
{
    QJsonObject o { { QStringLiteral("id"), QString::fromStdString(p.id) },
        { QStringLiteral("name"), QString::fromStdString(p.name) }, { QStringLiteral("gpus_per_node"), p.gpusPerNode },
        { QStringLiteral("nics_per_node"), p.nicsPerNode }, { QStringLiteral("nvls"), p.nvls },
        { QStringLiteral("intra"), toJson(p.intra) }, { QStringLiteral("inter"), toJson(p.inter) },
        { QStringLiteral("peak_flops"), p.peakFlops },
        { QStringLiteral("memory_bytes"), static_cast<double>(p.memoryBytes) },
        { QStringLiteral("reduce_GBps"), p.reduceGBps },
        { QStringLiteral("source"), QString::fromStdString(p.source) } };
    QDir().mkpath(QFileInfo(path).absolutePath());
    return saveFileAtomically(path, QJsonDocument(o).toJson());
}

std::optional<model::HardwarePreset> loadCustomProfile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QObject::tr("%1: cannot be read").arg(path);
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject()) {
        if (error)
            *error = QObject::tr("%1: not a JSON object (%2)").arg(path, parseError.errorString());
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    auto intra = linkFrom(o.value(QLatin1String("intra")).toObject());
    auto inter = linkFrom(o.value(QLatin1String("inter")).toObject());
    if (!intra || !inter) {
        if (error)
            *error = QObject::tr("%1: intra/inter: each needs kind, alpha_us ≥ 0 and bandwidth_GBps > 0").arg(path);
        return std::nullopt;
    }
    model::HardwarePreset p;
    p.id = o.value(QLatin1String("id")).toString().toStdString();
    p.name = o.value(QLatin1String("name")).toString().toStdString();
    p.gpusPerNode = std::max(1, o.value(QLatin1String("gpus_per_node")).toInt(1));
    p.nicsPerNode = std::max(1, o.value(QLatin1String("nics_per_node")).toInt(1));
    p.nvls = o.value(QLatin1String("nvls")).toBool(false);
    p.intra = *intra;
    p.inter = *inter;
    p.peakFlops = o.value(QLatin1String("peak_flops")).toDouble(0);
    p.memoryBytes = static_cast<model::Bytes>(o.value(QLatin1String("memory_bytes")).toDouble(0));
    p.reduceGBps = o.value(QLatin1String("reduce_GBps")).toDouble(0);
    p.source = o.value(QLatin1String("source")).toString().toStdString();
    return p;
}

} // namespace tutor::app
