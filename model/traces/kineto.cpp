// SPDX-License-Identifier: MIT
#include "model/traces/kineto.h"

#include "model/collectives/document.h"
#include "model/io/gzip.h"
#include "model/io/jsonsafe.h"
#include "model/io/numbers.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

namespace tutor::model {

namespace {

using nlohmann::json;

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}
bool contains(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

/// Lower case with everything but letters and digits dropped: "nccl:_all_gather_base" → "ncclallgatherbase".
std::string folded(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (const char c : text)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

const json* member(const json& object, const char* key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

std::string stringMember(const json& object, const char* key)
{
    const json* value = member(object, key);
    return value && value->is_string() ? value->get<std::string>() : std::string();
}

std::optional<double> numberMember(const json& object, const char* key)
{
    const json* value = member(object, key);
    if (!value || !value->is_number())
        return std::nullopt;
    const double v = value->get<double>();
    return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

std::optional<long long> countMember(const json& object, const char* key)
{
    const json* value = member(object, key);
    if (!value || !value->is_number())
        return std::nullopt;
    const auto v = io::integerAs<long long>(*value);
    return v && *v >= 0 ? v : std::nullopt;
}

/// S in the nccl-tests convention from the element counts a trace records (PyTorch's "In msg nelems" and "Out msg
/// nelems": the local input and output tensors). 0 when the counts do not say.
Bytes collectiveBytes(
    Collective op, std::optional<long long> in, std::optional<long long> out, std::optional<DType> dtype, int groupSize)
{
    if (!dtype)
        return 0;
    const int elementBytes = sizeOf(*dtype);
    double elements = 0;
    switch (op) {
    case Collective::AllGather:
        // The output is the whole array; an input-only record is one rank's part of it.
        elements = out && *out > 0 ? static_cast<double>(*out)
            : in && groupSize > 0  ? static_cast<double>(*in) * groupSize
                                   : 0;
        break;
    case Collective::AllReduce:
    case Collective::ReduceScatter:
    case Collective::Broadcast:
    case Collective::Reduce:
    case Collective::AllToAll:
        elements = in && *in > 0 ? static_cast<double>(*in) : out ? static_cast<double>(*out) : 0;
        break;
    case Collective::SendRecv:
    case Collective::Gather:
    case Collective::Scatter:
        elements = static_cast<double>(std::max(in.value_or(0), out.value_or(0)));
        break;
    }
    return io::wholeAs<Bytes>(elements * elementBytes).value_or(0);
}

/// A CPU op that launched communication: "record_param_comms" or "nccl:all_reduce", on one CPU thread.
struct CommOp {
    double start = 0;
    double end = 0;
    std::optional<Collective> collective;
    std::optional<long long> in;
    std::optional<long long> out;
    std::optional<DType> dtype;
    int groupSize = 0;
    std::string processGroup;
    bool fromParamComms = false; ///< record_param_comms with message sizes (preferred over a shape)
};

/// The element count of the first input's shape ("Input Dims": [[4096, 1024], [], ...]).
std::optional<long long> firstShapeElements(const json& args)
{
    const json* dims = member(args, "Input Dims");
    if (!dims || !dims->is_array() || dims->empty() || !(*dims)[0].is_array() || (*dims)[0].empty())
        return std::nullopt;
    double product = 1;
    for (const json& d : (*dims)[0]) {
        const auto v = io::integerAs<long long>(d);
        if (!v || *v < 0)
            return std::nullopt;
        product *= static_cast<double>(*v);
    }
    return io::wholeAs<long long>(product);
}

std::string firstInputType(const json& args)
{
    const json* types = member(args, "Input type");
    if (!types || !types->is_array() || types->empty() || !(*types)[0].is_string())
        return {};
    return (*types)[0].get<std::string>();
}

int groupSizeOf(const json& args)
{
    const auto v = countMember(args, "Group size");
    return v && *v > 0 && *v <= (1LL << 30) ? static_cast<int>(*v) : 0;
}

/// A rank number in a file name: "rank-3.json", "trace_rank3.json.gz", "rank_12.pt.trace.json".
int rankFromFileName(const std::string& source)
{
    const auto slash = source.find_last_of("/\\");
    const std::string base = source.substr(slash == std::string::npos ? 0 : slash + 1);
    std::string lower;
    for (const char c : base)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto at = lower.rfind("rank");
    if (at == std::string::npos)
        return -1;
    std::size_t i = at + 4;
    while (i < lower.size() && (lower[i] == '-' || lower[i] == '_'))
        ++i;
    int value = 0;
    std::size_t digits = 0;
    while (i < lower.size() && std::isdigit(static_cast<unsigned char>(lower[i])) && digits < 7) {
        value = value * 10 + (lower[i] - '0');
        ++i;
        ++digits;
    }
    return digits > 0 ? value : -1;
}

struct PendingLaunch {
    std::size_t kernel = 0; ///< index into RankTrace::kernels
    long long correlation = 0;
};

struct Launch {
    long long pid = 0;
    long long tid = 0;
    double ts = 0;
};

long long idOf(const json& event, const char* key)
{
    const json* value = member(event, key);
    if (!value)
        return 0;
    if (value->is_number())
        return io::integerAs<long long>(*value).value_or(0);
    if (value->is_string()) // pid "Spans" and the like: a name, not a number
        return static_cast<long long>(std::hash<std::string> {}(value->get<std::string>()) & 0x3fffffffffffLL);
    return 0;
}

constexpr int kMaxWarnings = 20;

} // namespace

KernelClass classifyKernel(std::string_view name, std::string_view category)
{
    if (startsWith(name, "nccl") || startsWith(name, "hccl") || contains(name, "ncclKernel")
        || contains(name, "ncclDevKernel"))
        return KernelClass::Communication;
    if (startsWith(category, "gpu_mem") || startsWith(name, "Memcpy") || startsWith(name, "Memset")
        || startsWith(name, "hipMemcpy") || startsWith(name, "hipMemset") || startsWith(name, "dma"))
        return KernelClass::Memory;
    if (category == "cuda_sync" || (name.size() >= 4 && name.substr(name.size() - 4) == "Sync")
        || startsWith(name, "Stream Wait Event"))
        return KernelClass::Other;
    return KernelClass::Compute;
}

std::optional<Collective> collectiveFromTraceName(std::string_view text)
{
    const std::string f = folded(text);
    if (contains(f, "allreduce"))
        return Collective::AllReduce;
    if (contains(f, "reducescatter"))
        return Collective::ReduceScatter;
    if (contains(f, "allgather"))
        return Collective::AllGather;
    if (contains(f, "alltoall"))
        return Collective::AllToAll;
    if (contains(f, "sendrecv") || contains(f, "send") || contains(f, "recv"))
        return Collective::SendRecv;
    if (contains(f, "broadcast"))
        return Collective::Broadcast;
    if (contains(f, "reduce"))
        return Collective::Reduce;
    if (contains(f, "gather"))
        return Collective::Gather;
    if (contains(f, "scatter"))
        return Collective::Scatter;
    return std::nullopt;
}

std::optional<DType> traceDtype(std::string_view text)
{
    std::string f = folded(text);
    if (startsWith(f, "c10"))
        f = f.substr(3);
    if (contains(f, "float8"))
        return contains(f, "e5m2") ? DType::Fp8E5M2 : DType::Fp8E4M3;
    if (f == "byte" || f == "bool" || f == "unsignedchar" || f == "uint8")
        return DType::Uint8;
    if (f == "char" || f == "signedchar" || f == "int8")
        return DType::Int8;
    if (f == "half" || f == "float16" || f == "short" || f == "int16" || f == "shortint")
        return DType::Fp16;
    if (f == "bfloat16")
        return DType::Bf16;
    if (f == "float" || f == "float32")
        return DType::Fp32;
    if (f == "int" || f == "int32")
        return DType::Int32;
    if (f == "unsignedint" || f == "uint32")
        return DType::Uint32;
    if (f == "double" || f == "float64")
        return DType::Fp64;
    if (f == "long" || f == "longint" || f == "longlong" || f == "longlongint" || f == "int64")
        return DType::Int64;
    if (f == "uint64" || f == "unsignedlong")
        return DType::Uint64;
    return std::nullopt;
}

Result<RankTrace> parseKinetoTrace(std::string_view text, const std::string& source)
{
    io::JsonLimits limits;
    limits.maxBytes = std::size_t { 512 } << 20;
    limits.maxElements = std::size_t { 1 } << 26;
    const auto parsed = parseJsonText(text, source, limits);
    if (!parsed)
        return parsed.problems();
    const json& root = *parsed;
    const json* events = root.is_array() ? &root : member(root, "traceEvents");
    if (!events || !events->is_array())
        return Problem { "traceEvents", root.is_object() ? "missing" : io::shown(root),
            "a PyTorch profiler trace is a JSON object with a \"traceEvents\" array", source };

    RankTrace trace;
    trace.source = source;
    if (root.is_object()) {
        if (const json* info = member(root, "distributedInfo"); info && info->is_object()) {
            if (const auto rank = countMember(*info, "rank"); rank && *rank < (1LL << 30))
                trace.rank = static_cast<int>(*rank);
            if (const auto world = countMember(*info, "world_size"); world && *world < (1LL << 30))
                trace.worldSize = static_cast<int>(*world);
            trace.backend = stringMember(*info, "backend");
            trace.ncclVersion = stringMember(*info, "nccl_version");
        }
        if (const json* devices = member(root, "deviceProperties"); devices && devices->is_array() && !devices->empty())
            trace.deviceName = stringMember((*devices)[0], "name");
    }
    if (trace.rank < 0)
        trace.rank = rankFromFileName(source);

    std::vector<PendingLaunch> pending;
    std::map<long long, Launch> launches; // correlation → the CUDA runtime call that launched the kernel
    std::map<std::pair<long long, long long>, std::vector<CommOp>> ops; // (pid, tid) → comm CPU ops
    int skipped = 0;
    const auto warn
        = [&](std::size_t index, const std::string& field, const std::string& value, const std::string& rule) {
              if (++skipped <= kMaxWarnings)
                  trace.warnings.push_back(
                      Problem { "traceEvents[" + std::to_string(index) + "]." + field, value, rule, source });
          };

    for (std::size_t i = 0; i < events->size(); ++i) {
        const json& event = (*events)[i];
        if (!event.is_object() || stringMember(event, "ph") != "X")
            continue;
        const std::string category = stringMember(event, "cat");
        const std::string name = stringMember(event, "name");
        const json* args = member(event, "args");
        static const json noArgs = json::object();
        const json& a = args && args->is_object() ? *args : noArgs;
        const std::string lowerCategory = folded(category);
        if (lowerCategory == "cudaruntime" || lowerCategory == "cudadriver") {
            const auto correlation = countMember(a, "correlation");
            const auto ts = numberMember(event, "ts");
            if (correlation && ts)
                launches[*correlation] = Launch { idOf(event, "pid"), idOf(event, "tid"), *ts };
            continue;
        }
        if (lowerCategory == "cpuop" || lowerCategory == "userannotation") {
            if (name == "ProfilerStep" || startsWith(name, "ProfilerStep#"))
                ++trace.profilerSteps;
            const bool paramComms = name == "record_param_comms";
            if (!paramComms && !startsWith(name, "nccl:"))
                continue;
            const auto ts = numberMember(event, "ts");
            const auto dur = numberMember(event, "dur");
            if (!ts || !dur)
                continue;
            CommOp op;
            op.start = *ts;
            op.end = *ts + *dur;
            op.collective = collectiveFromTraceName(paramComms ? stringMember(a, "Collective name") : name);
            op.groupSize = groupSizeOf(a);
            op.processGroup = stringMember(a, "Process Group Name");
            if (paramComms && (member(a, "In msg nelems") || member(a, "Out msg nelems"))) {
                op.in = countMember(a, "In msg nelems");
                op.out = countMember(a, "Out msg nelems");
                op.dtype = traceDtype(stringMember(a, "dtype"));
                op.fromParamComms = true;
            } else {
                op.in = firstShapeElements(a);
                op.dtype = traceDtype(firstInputType(a));
            }
            ops[{ idOf(event, "pid"), idOf(event, "tid") }].push_back(std::move(op));
            continue;
        }
        // GPU work: HTA's GPU event categories ("kernel", "Kernel", "gpu_memcpy", "gpu_memset"); CUDA
        // synchronisation records are not work.
        const bool gpu = (lowerCategory.size() >= 6 && lowerCategory.substr(lowerCategory.size() - 6) == "kernel")
            || startsWith(lowerCategory, "gpumem");
        if (!gpu)
            continue;
        const auto ts = numberMember(event, "ts");
        const auto dur = numberMember(event, "dur");
        if (!ts) {
            warn(i, "ts", member(event, "ts") ? io::shown(event["ts"]) : "missing", "must be a finite number (µs)");
            continue;
        }
        if (!dur || *dur < 0) {
            warn(i, "dur", member(event, "dur") ? io::shown(event["dur"]) : "missing",
                "must be a finite number ≥ 0 (µs)");
            continue;
        }
        TraceKernel kernel;
        kernel.name = name;
        kernel.kind = classifyKernel(name, category);
        if (kernel.kind == KernelClass::Other)
            continue;
        kernel.startUs = *ts;
        kernel.durationUs = *dur;
        kernel.stream = member(a, "stream") ? idOf(a, "stream") : idOf(event, "tid");
        if (kernel.kind == KernelClass::Communication) {
            const std::string collectiveName = stringMember(a, "Collective name");
            kernel.collective = collectiveFromTraceName(collectiveName.empty() ? name : collectiveName);
            kernel.groupSize = groupSizeOf(a);
            kernel.processGroup = stringMember(a, "Process Group Name");
            if (kernel.collective && (member(a, "In msg nelems") || member(a, "Out msg nelems"))) {
                const auto dtype = traceDtype(stringMember(a, "dtype"));
                kernel.bytes = collectiveBytes(*kernel.collective, countMember(a, "In msg nelems"),
                    countMember(a, "Out msg nelems"), dtype, kernel.groupSize);
                kernel.dtype = dtype.value_or(DType::Fp32);
                kernel.sizeSource = "kernel args";
            } else if (const auto correlation = countMember(a, "correlation")) {
                pending.push_back({ trace.kernels.size(), *correlation });
                kernel.sizeSource = "kernel name";
            }
        }
        trace.kernels.push_back(std::move(kernel));
    }
    if (skipped > kMaxWarnings)
        trace.warnings.push_back(Problem { "traceEvents", std::to_string(skipped) + " events",
            "skipped; the first " + std::to_string(kMaxWarnings) + " are listed", source });

    // Older traces: the collective and its size are on the CPU op that launched the kernel. The kernel's
    // correlation id names the CUDA runtime call; the innermost "record_param_comms" (or else "nccl:…") op around
    // that call on the same thread says what was launched.
    for (auto& [thread, list] : ops)
        std::sort(list.begin(), list.end(), [](const CommOp& a, const CommOp& b) { return a.start < b.start; });
    for (const PendingLaunch& p : pending) {
        const auto launch = launches.find(p.correlation);
        if (launch == launches.end())
            continue;
        const auto thread = ops.find({ launch->second.pid, launch->second.tid });
        if (thread == ops.end())
            continue;
        const std::vector<CommOp>& list = thread->second;
        const double ts = launch->second.ts;
        auto it
            = std::upper_bound(list.begin(), list.end(), ts, [](double t, const CommOp& op) { return t < op.start; });
        const CommOp* shape = nullptr;
        const CommOp* params = nullptr;
        for (int steps = 0; it != list.begin() && steps < 64; ++steps) {
            --it;
            if (it->end < ts)
                continue;
            if (it->fromParamComms && !params)
                params = &*it;
            else if (!it->fromParamComms && it->collective && !shape)
                shape = &*it;
        }
        const CommOp* op = params && params->collective ? params : shape;
        if (!op)
            continue;
        TraceKernel& kernel = trace.kernels[p.kernel];
        kernel.collective = op->collective;
        if (!kernel.groupSize)
            kernel.groupSize = op->groupSize ? op->groupSize : (params ? params->groupSize : 0);
        if (kernel.processGroup.empty())
            kernel.processGroup = op->processGroup;
        const int group = kernel.groupSize ? kernel.groupSize : trace.worldSize;
        kernel.bytes = collectiveBytes(*op->collective, op->in, op->out, op->dtype, group);
        kernel.dtype = op->dtype.value_or(DType::Fp32);
        kernel.sizeSource = op->fromParamComms ? "record_param_comms" : "cpu op shape";
    }

    std::stable_sort(trace.kernels.begin(), trace.kernels.end(),
        [](const TraceKernel& a, const TraceKernel& b) { return a.startUs < b.startUs; });
    if (trace.kernels.empty())
        return Problem { "traceEvents", std::to_string(events->size()) + " events",
            "hold no GPU kernel (cat \"kernel\" or \"gpu_memcpy\"): record the trace with "
            "ProfilerActivity.CUDA to analyse communication",
            source };
    return trace;
}

Result<RankTrace> loadKinetoTrace(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text)
        return text.problems();
    if (!io::isGzip(*text))
        return parseKinetoTrace(*text, path);
    auto inflated = io::gunzip(*text, std::size_t { 1 } << 30);
    if (const auto* failure = std::get_if<io::InflateFailure>(&inflated))
        return Problem { "file", path, failure->rule, path };
    return parseKinetoTrace(std::get<std::string>(inflated), path);
}

} // namespace tutor::model
