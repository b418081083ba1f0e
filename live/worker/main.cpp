// SPDX-License-Identifier: MIT
// commtutor-live: runs real collectives and reports them as nccl-tests does (its table and its -J document) or
// as the app's JSON Lines.
#include "live/worker/nccltestsjson.h"
#include "live/worker/options.h"
#include "live/worker/output.h"
#include "live/worker/sweep.h"
#include "live/worker/watchdog.h"
#include "tutor/config.h"

#if TUTOR_WITH_MPI
#include "live/mpi/mpibackend.h"
#endif
#if TUTOR_WITH_NCCL
#include "live/nccl/ncclbackend.h"
#endif

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <vector>

using namespace tutor::live;

namespace {

/// The rank a launcher gives this process before MPI is up, so that only rank 0 reports usage errors.
int launcherRank()
{
    for (const char* name : { "OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID" })
        if (const char* v = std::getenv(name))
            return std::atoi(v);
    return 0;
}

/// Where failures outside the sweep go: exceptions that reach main and std::terminate (an exception escaping a
/// thread or a noexcept function). Set once the output mode and the backend are known.
struct FatalChannel {
    bool json = false;
    Backend* backend = nullptr;
};
FatalChannel g_fatal;

/// Bytes outside printable ASCII become '?', so that the record is valid UTF-8 whatever the exception said.
std::string printable(std::string_view text)
{
    std::string out;
    for (char c : text)
        out.push_back(static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f ? c : '?');
    return out;
}

/// Reports a failure that ended the worker, aborts the communicator (other ranks may wait in a collective
/// this rank left) and exits with `code`. Writes directly, not through Output, whose lock the failing thread
/// may hold.
[[noreturn]] void fatal(const std::string& call, const std::string& message, ExitCode code)
{
    const int rank = g_fatal.backend ? g_fatal.backend->rank() : launcherRank();
    const ErrorRecord e { call, printable(message), static_cast<int>(code), rank };
    if (g_fatal.json) {
        const std::string line = encode(e) + "\n";
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fflush(stdout);
    } else {
        std::fprintf(stderr, "commtutor-live: %s: %s (exit %d)\n", e.call.c_str(), e.message.c_str(), e.code);
        std::fflush(stderr);
    }
    if (g_fatal.backend)
        g_fatal.backend->abort(static_cast<int>(code));
    std::_Exit(static_cast<int>(code));
}

/// The error of the exception in flight (called inside a catch block or a terminate handler).
[[noreturn]] void fatalFromCurrentException()
{
    try {
        throw;
    } catch (const std::bad_alloc& e) {
        fatal("memory", std::string("out of memory (") + e.what() + ")", ExitCode::OutOfMemory);
    } catch (const std::exception& e) {
        fatal("worker", std::string("unexpected exception: ") + e.what(), ExitCode::Internal);
    } catch (...) {
        fatal("worker", "unexpected exception of unknown type", ExitCode::Internal);
    }
}

std::string builtBackends()
{
    std::string s;
#if TUTOR_WITH_MPI
    s += " " + std::string(name(BackendKind::Mpi));
#endif
#if TUTOR_WITH_NCCL
    s += " " + std::string(name(BackendKind::Nccl));
#endif
    return s.empty() ? " none" : s;
}

int run(int argc, char** argv, char** envp);

} // namespace

int main(int argc, char** argv, char** envp)
{
    // Past the file-size limit a -J write fails with "File too large" and the run exits OutputFailed, instead of
    // the signal killing every rank.
    std::signal(SIGXFSZ, SIG_IGN);
    for (int i = 1; i < argc; ++i)
        g_fatal.json |= std::string_view(argv[i]) == "--jsonl" || std::string_view(argv[i]) == "--json";
    std::set_terminate([] {
        if (std::current_exception())
            fatalFromCurrentException();
        fatal("worker", "std::terminate without an exception", ExitCode::Internal);
    });
    try {
        return run(argc, argv, envp);
    } catch (...) {
        fatalFromCurrentException();
    }
}

namespace {

int run(int argc, char** argv, char** envp)
{
    std::vector<std::string_view> args(argv + 1, argv + argc);
    const OptionsResult parsed = parseOptions(args);
    const Options& o = parsed.options;
    bool json = o.jsonLines;
    for (auto a : args)
        json |= (a == "--jsonl" || a == "--json");
    const bool printer = launcherRank() == 0;
    std::unique_ptr<Output> out;
    if (json)
        out = std::make_unique<JsonLinesOutput>(stdout, printer);
    else
        out = std::make_unique<TableOutput>(stdout, printer);
    if (parsed.ok() && !o.jsonFile.empty() && !o.help && !o.version) {
        // nccl-tests' jsonOutputInit: rank 0 picks FILE, FILE.0, FILE.1, ... and says where it writes.
        std::string path;
        if (printer) {
            path = createExclusive(o.jsonFile);
            if (!json)
                std::printf(
                    path.empty() ? "# skipping json output; %s not accessible\n" : "# Writing JSON output to %s\n",
                    path.empty() ? o.jsonFile.c_str() : path.c_str());
        }
        std::vector<std::unique_ptr<Output>> outputs;
        outputs.push_back(std::move(out));
        outputs.push_back(std::make_unique<NcclTestsJsonOutput>(
            path, std::vector<std::string>(argv, argv + argc), recordedEnvironment(envp)));
        out = std::make_unique<FanOutput>(std::move(outputs));
    }

    if (!parsed.ok()) {
        if (printer)
            out->error({ "args", parsed.error, static_cast<int>(ExitCode::Usage), -1 });
        return static_cast<int>(ExitCode::Usage);
    }
    if (o.help) {
        if (printer)
            std::fputs(helpText().c_str(), stdout);
        return 0;
    }
    if (o.version) {
        if (printer)
            std::printf("commtutor-live %s (backends:%s, protocol %d)\n", TUTOR_VERSION, builtBackends().c_str(),
                kProtocolVersion);
        return 0;
    }

    std::unique_ptr<Backend> backend;
    switch (o.backend) {
    case BackendKind::Mpi:
#if TUTOR_WITH_MPI
        backend = makeMpiBackend(&argc, &argv);
#endif
        break;
    case BackendKind::Nccl:
#if TUTOR_WITH_NCCL
        backend = makeNcclBackend(o.gpus, &argc, &argv);
#endif
        break;
    }
    if (!backend) {
        if (printer)
            out->error({ "args",
                "--backend = " + std::string(name(o.backend))
                    + ": not built into this commtutor-live (built:" + builtBackends() + "); configure with TUTOR_WITH_"
                    + (o.backend == BackendKind::Mpi ? "MPI" : "NCCL") + "=ON",
                static_cast<int>(ExitCode::NotBuilt), -1 });
        return static_cast<int>(ExitCode::NotBuilt);
    }
    if (auto error = backend->init()) {
        out->error({ error->call, error->message, static_cast<int>(error->code), error->rank });
        backend->finish();
        return static_cast<int>(error->code);
    }
    g_fatal.backend = backend.get();

    // Every rank watches its own progress and reports its own stall: a stopped rank 0 is reported by rank 0's
    // watchdog thread, a stopped rank 1 by rank 1's.
    Heartbeat heartbeat;
    heartbeat.armTestStall(backend->rank());
    backend->setHeartbeat(&heartbeat);
    Backend* b = backend.get();
    Output* output = out.get();
    Watchdog watchdog(
        heartbeat,
        [b, output](Stall stall) {
            if (stall.call)
                stall.peers = b->stalledPeers();
            output->error(
                { "watchdog", stallMessage(stall, b->rank()), static_cast<int>(ExitCode::Timeout), b->rank() });
            b->abort(static_cast<int>(ExitCode::Timeout));
        },
        static_cast<int>(ExitCode::Timeout));

    const int code = runSweep(*backend, o, *out, o.timeoutSeconds > 0 ? &watchdog : nullptr);
    if (code == static_cast<int>(ExitCode::LibraryError) || code == static_cast<int>(ExitCode::OutOfMemory))
        backend->abort(code); // other ranks may wait in a collective this rank left
    backend->setHeartbeat(nullptr);
    backend->finish();
    g_fatal.backend = nullptr;
    if (code == 0 && out->failed())
        return static_cast<int>(ExitCode::OutputFailed);
    return code;
}

} // namespace
