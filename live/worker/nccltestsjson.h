// SPDX-License-Identifier: MIT
#pragma once
// nccl-tests' -J document (JSON_FILE_VERSION 3, src/util.cu) from the worker's results, so that NVIDIA's
// tools/analyze_perf_json.py and other readers of nccl-tests' JSON read commtutor-live's runs unchanged.
#include "live/worker/output.h"

#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tutor::live {

/// Collects the run and writes the document when the run ends (done or error). Field names, nesting and value
/// types are nccl-tests' own: booleans as the strings "true"/"false", root as the "%6i" text, nwrong a number or
/// null when not checked, in_place null when the in-place half did not run.
class NcclTestsJsonOutput : public Output {
public:
    /// `args` the command line (argv, program first); `env` the NAME=value lines to record (the worker records
    /// NCCL_*, CUDA_VISIBLE_DEVICES and the launcher's rank variables only, never the whole environment).
    /// Writes nothing when `path` is empty (not rank 0).
    NcclTestsJsonOutput(std::string path, std::vector<std::string> args, std::vector<std::string> env);
    void hello(const HelloRecord& hello, const Options& options) override;
    void progress(const ProgressRecord&) override { }
    void row(const Row& row) override;
    void overlap(const OverlapRecord&) override { }
    void error(const ErrorRecord& error) override;
    void done(const DoneRecord& done) override;

    /// The document so far (tests).
    const nlohmann::ordered_json& document() const { return m_doc; }

    bool failed() const override { return m_failed; }

private:
    void finish();
    std::string m_path;
    bool m_failed = false;
    nlohmann::ordered_json m_doc;
    std::vector<std::string> m_errors;
    bool m_perIteration = false;
    std::mutex m_mutex;
};

/// nccl-tests' choice of file (jsonOutputInit): `path` when it does not exist, else path.0, path.1, … Creates
/// the file empty and returns its name; empty when it cannot be created.
std::string createExclusive(const std::string& path);

/// The environment lines a -J document records: NCCL_*, CUDA_VISIBLE_DEVICES, OMPI_COMM_WORLD_*, SLURM_PROCID.
std::vector<std::string> recordedEnvironment(char** envp);

} // namespace tutor::live
