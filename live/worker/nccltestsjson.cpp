// SPDX-License-Identifier: MIT
#include "nccltestsjson.h"

#include "live/worker/options.h"
#include "model/io/atomicfile.h"

#include <cerrno>
#include <cstdio>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>

namespace tutor::live {

using nlohmann::ordered_json;

namespace {

/// nccl-tests' TIME_STRING_FORMAT, local time.
std::string now()
{
    const std::time_t t = std::time(nullptr);
    std::tm tm {};
    localtime_r(&t, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
    return buf;
}

const char* boolText(bool v)
{
    return v ? "true" : "false";
}

ordered_json half(const MeasurementRecord& m)
{
    ordered_json j;
    j["time"] = m.timeUs;
    j["alg_bw"] = m.algBwGBps;
    j["bus_bw"] = m.busBwGBps;
    j["nwrong"] = m.wrong < 0 ? ordered_json(nullptr) : ordered_json(static_cast<double>(m.wrong));
    return j;
}

ordered_json perIteration(const IterationSummary& s)
{
    ordered_json j;
    j["skipped_iterations"] = 0;
    j["min_us"] = s.minUs;
    j["max_us"] = s.maxUs;
    j["avg_us"] = s.meanUs;
    j["p50_us"] = s.p50Us;
    j["p95_us"] = s.p95Us;
    j["p99_us"] = s.p99Us;
    j["stdev_us"] = s.stdevUs;
    j["cv_pct"] = s.cvPct;
    j["times_us"] = s.timesUs;
    return j;
}

} // namespace

std::string createExclusive(const std::string& path)
{
    std::string candidate = path;
    for (int attempt = 0; attempt < 10000; ++attempt) {
        const int fd = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd >= 0) {
            ::close(fd);
            return candidate;
        }
        if (errno != EEXIST)
            return {};
        candidate = path + "." + std::to_string(attempt);
    }
    return {};
}

std::vector<std::string> recordedEnvironment(char** envp)
{
    std::vector<std::string> out;
    for (char** e = envp; e && *e; ++e) {
        const std::string line(*e);
        if (line.starts_with("NCCL_") || line.starts_with("CUDA_VISIBLE_DEVICES=")
            || line.starts_with("OMPI_COMM_WORLD_") || line.starts_with("SLURM_PROCID="))
            out.push_back(line);
    }
    return out;
}

NcclTestsJsonOutput::NcclTestsJsonOutput(std::string path, std::vector<std::string> args, std::vector<std::string> env)
    : m_path(std::move(path))
{
    m_doc["version"] = 3;
    m_doc["start_time"] = now();
    m_doc["args"] = std::move(args);
    m_doc["env"] = std::move(env);
}

void NcclTestsJsonOutput::hello(const HelloRecord& h, const Options& o)
{
    std::lock_guard lock(m_mutex);
    int nccl = 0;
    if (auto it = h.versions.find("nccl"); it != h.versions.end()) {
        int major = 0, minor = 0, patch = 0;
        if (std::sscanf(it->second.c_str(), "%d.%d.%d", &major, &minor, &patch) == 3)
            nccl = major * 10000 + minor * 100 + patch;
    }
    m_doc["nccl_version"] = nccl;
    ordered_json c;
    c["nthreads"] = o.threads;
    c["ngpus"] = gpusPerProcess(h);
    c["minimum_bytes"] = o.minBytes;
    c["maximum_bytes"] = o.maxBytes;
    if (o.stepFactor > 1)
        c["step_factor"] = o.stepFactor;
    else
        c["step_bytes"] = o.stepBytes;
    c["warmup_iters"] = o.warmup;
    c["iterations"] = o.iterations;
    c["aggregated_iterations"] = 1;
    c["validation"] = o.checkIterations;
    c["graph"] = 0;
    c["blocking_collectives"] = boolText(o.blocking != 0);
    c["per_iter_timing"] = boolText(o.perIteration);
    c["per_iter_skip"] = 0;
    c["parallel_init"] = boolText(false);
    ordered_json devices = ordered_json::array();
    for (const auto& d : h.devices) {
        ordered_json dj;
        dj["rank"] = d.rank;
        dj["group"] = 0;
        dj["pid"] = d.pid;
        dj["hostname"] = d.host;
        dj["device"] = d.device;
        dj["device_hex"] = d.busId.empty() ? "0000:00:00" : d.busId;
        dj["device_info"] = d.name;
        devices.push_back(std::move(dj));
    }
    c["devices"] = std::move(devices);
    m_doc["config"] = std::move(c);
    m_doc["results"] = ordered_json::array();
    m_perIteration = o.perIteration;
}

void NcclTestsJsonOutput::row(const Row& r)
{
    std::lock_guard lock(m_mutex);
    const auto& m = r.outOfPlace;
    ordered_json j;
    j["size"] = m.bytes;
    j["count"] = countColumn(m);
    j["type"] = m.dtype;
    j["redop"] = m.redop.empty() ? "none" : m.redop;
    char root[16];
    std::snprintf(root, sizeof root, "%6i", m.root);
    j["root"] = root;
    j["out_of_place"] = half(m);
    if (m_perIteration)
        j["out_of_place_per_iter"] = perIteration(r.outOfPlaceIterations);
    j["in_place"] = r.inPlace ? half(*r.inPlace) : ordered_json(nullptr);
    if (m_perIteration && r.inPlace)
        j["in_place_per_iter"] = perIteration(r.inPlaceIterations);
    j["actual_iterations"] = m.iterations;
    j["experiment_name"] = "";
    m_doc["results"].push_back(std::move(j));
}

void NcclTestsJsonOutput::error(const ErrorRecord& e)
{
    std::lock_guard lock(m_mutex);
    m_errors.push_back(e.call.empty() ? e.message : e.call + ": " + e.message);
    finish();
}

void NcclTestsJsonOutput::done(const DoneRecord& d)
{
    std::lock_guard lock(m_mutex);
    ordered_json bounds;
    bounds["count"] = d.wrong;
    bounds["okay"] = boolText(d.wrong == 0);
    m_doc["out_of_bounds"] = std::move(bounds);
    ordered_json bw;
    bw["bandwidth"] = d.avgBusBwGBps;
    bw["okay"] = "unchecked";
    m_doc["average_bus_bandwidth"] = std::move(bw);
    finish();
}

void NcclTestsJsonOutput::finish()
{
    m_doc["errors"] = m_errors;
    m_doc["end_time"] = now();
    if (m_path.empty())
        return;
    // Crash-safe: a full disk leaves the file createExclusive made (or an earlier document) as it was, and says so.
    if (const auto failure = io::writeFileAtomically(
            m_path, m_doc.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n")) {
        std::fprintf(stderr, "commtutor-live: -J %s\n", failure->text().c_str());
        m_failed = true;
    }
}

} // namespace tutor::live
