// SPDX-License-Identifier: MIT
// The metrics-only path (simulateMetrics): each distinct op simulated once, the schedule driven with their patterns,
// and the steady-state shortcut.
#include "model/sim/opreplay.h"
#include "model/sim/pipeline.h"
#include "model/sim/simulate.h"
#include "model/sim/stepmodel.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <optional>
#include <span>

namespace tutor::model::sim {

namespace {
// ---- the metrics-only path -------------------------------------------------------------------------------------
//
// Every micro-batch's forward (or backward) of one model chunk on one stage costs the same as long as nothing
// outside its own op changes its kernels' times: TP and EP collectives block the compute chain, ZeRO-3's gathers
// start afresh with every pass, and the data-parallel lane is idle until gradients become ready (interference,
// which stretches compute by what the data-parallel lane does, is the exception). So each distinct op (stage,
// chunk, direction and, under comm.moe_ep_overlap, whether it is paired) is simulated once, layer by layer, on a
// scratch builder, and its duration, its compute and communication pattern and its figures are kept. The schedule
// is then driven with those durations (drivePipeline, the same driver as the full simulation); sends are tracked per
// stage. From a stage's first backward of the step's last micro-batch on (where gradients become ready), every op
// goes on the real builder, so the gradient buckets, the embedding AllReduce, the optimizer and their overlap are the
// full simulation's own events: a backward op is placed there from its pattern's events and gradient-ready points
// (`replay`), which gives the events running it layer by layer would (without ZeRO-3 or interference); other ops run
// layer by layer.

struct Pattern {
    Seconds duration = 0;
    std::vector<Interval> compute; ///< relative to the op's start: its compute events
    std::vector<Interval> comm; ///< the union of its TP, EP and ZeRO-3 gather events
    std::vector<Interval> computeAndComm; ///< compute ∩ comm (a gather running under compute)
    StageFigures figures;
    Replay replay; ///< backward ops, when the scenario replays them (replays())
};

// The figures of one op from its events, as measure() computes them for a stage.
void fill(Pattern& pat, const std::vector<std::pair<const sim::Record*, LaneKind>>& comm,
    const std::array<int, kLaneKinds - 1>& ranks, Seconds origin)
{
    auto& f = pat.figures;
    pat.compute = merge(std::move(pat.compute), false);
    f.compute = length(pat.compute);
    std::vector<Interval> all;
    for (const auto& [r, lane] : comm) {
        const Interval rel { r->start - origin, r->end() - origin };
        all.push_back(rel);
        auto& d = f.dimensions[static_cast<int>(lane) - 1];
        Seconds exposed = r->duration - covered(pat.compute, rel.begin, rel.end);
        if (exposed < 1e-9 * r->duration)
            exposed = 0;
        ++d.calls;
        d.bytes += r->bytes;
        d.busBytes += static_cast<double>(r->bytes)
            * busBandwidthFactor(
                static_cast<Collective>(r->collective), std::max(1, ranks[static_cast<int>(lane) - 1]));
        d.seconds += r->duration;
        d.exposedSeconds += exposed;
        f.commSum += r->duration;
    }
    pat.comm = merge(std::move(all), false);
    pat.computeAndComm = intersect(pat.compute, pat.comm);
    f.commUnion = length(pat.comm);
    f.overlap = length(pat.computeAndComm);
    f.exposed = f.commUnion - f.overlap;
}

// What makes one op's pattern differ from another's: its direction, whether it holds the first or the last virtual
// stage (the receiving AllGather, the head), its straggler factor, where its first layer falls in the MoE period and,
// with ZeRO-3, how close its layers are to the model's ends (prefetching stops there). The middle stages of a deep
// pipeline share one key, so a 64-stage pipeline simulates a handful of ops, not 128.
struct PatternKey {
    bool forward = true;
    bool first = false;
    bool last = false;
    double slow = 1;
    int moePhase = 0;
    int fromStart = 0;
    int toEnd = 0;
    int layers = 0; ///< the chunk's layer count (parallel.chunk_layers may make any chunk differ)
    int densePrefix = 0; ///< its layers before model.moe.first_dense_layers
    bool paired = false; ///< beside an op of the other direction, under comm.moe_ep_overlap
    bool operator==(const PatternKey&) const = default;
};

struct OpPatterns {
    std::vector<Pattern> distinct;
    std::vector<std::size_t> of; ///< slotOf(stage, chunk, forward, paired) → index in `distinct`
    int virtualStages = 1;
    bool epOverlap = false; ///< comm.moe_ep_overlap: paired ops have patterns of their own
    static constexpr std::size_t kSlotsPerChunk = 4; ///< forward and backward, unpaired and paired
    std::size_t slotOf(int stage, int chunk, bool forward, bool paired) const
    {
        return ((static_cast<std::size_t>(stage) * virtualStages + chunk) * 2 + (forward ? 0 : 1)) * 2
            + (paired && epOverlap ? 1 : 0);
    }
};

// Simulates each distinct op once on a scratch builder and reads its pattern from the events it made.
OpPatterns opPatterns(StepModel& model)
{
    const auto& sc = model.context().scenario;
    const int p = sc.parallel.pp, v = sc.parallel.virtualStages;
    sim::Builder scratch = StepModel::makeBuilder(sc);
    sim::Context ctx = model.context();
    sim::Context scratchCtx { ctx.scenario, ctx.hardware, ctx.options, ctx.costs, scratch };
    scratchCtx.layersPerChunk = ctx.layersPerChunk;
    scratchCtx.chunkFirst = ctx.chunkFirst;
    scratchCtx.localLayer = ctx.localLayer;
    scratchCtx.totalMicroBatches = ctx.totalMicroBatches;
    scratchCtx.kernels = ctx.kernels;
    scratchCtx.activationBytes = ctx.activationBytes;
    sim::GradSync grads(scratchCtx, p);
    grads.withoutStepStartGathers();
    sim::LayerRunner layers(scratchCtx, grads);

    OpPatterns out;
    out.virtualStages = v;
    out.epOverlap = sc.comm.moeEpOverlap;
    out.of.resize(static_cast<std::size_t>(p) * v * OpPatterns::kSlotsPerChunk);
    std::vector<PatternKey> keys;
    std::vector<Interval> windows;
    std::vector<int> stageOf;
    std::vector<Replay> replays;
    std::vector<std::size_t> before;
    std::vector<ReadyPoint> ready;
    const bool replaying = sim::replays(sc);
    const int layerCount = sc.model.layers;
    const int reach = grads.zero3() ? (sc.comm.overlap ? sc.comm.prefetchDepth : 0) + 1 : 0;
    const int moePeriod = sc.model.moe.experts > 0 ? std::max(1, sc.model.moe.everyNLayers) : 1;
    for (int s = 0; s < p; ++s) {
        sim::StageState st = model.stages()[s];
        st.computeFree = 0;
        for (int c = 0; c < v; ++c) {
            const int vs = c * p + s;
            for (int slot = 0; slot < static_cast<int>(OpPatterns::kSlotsPerChunk); ++slot) {
                const int dir = slot / 2; // forward, then backward; each unpaired, then paired
                const bool paired = slot % 2 == 1;
                if (paired && !out.epOverlap)
                    continue;
                const int from = ctx.firstLayer(vs), to = ctx.firstLayer(vs + 1);
                const PatternKey key { dir == 0, vs == 0, vs == p * v - 1, st.slow, from % moePeriod,
                    std::min(from, reach), std::min(layerCount - to, reach), to - from,
                    std::clamp(sc.model.moe.firstDenseLayers - from, 0, to - from), paired };
                const std::size_t k = out.slotOf(s, c, dir == 0, paired);
                const auto same = std::find(keys.begin(), keys.end(), key);
                if (same != keys.end()) {
                    out.of[k] = static_cast<std::size_t>(same - keys.begin());
                    continue;
                }
                const Seconds begin = st.computeFree + 1; // a gap keeps ops (and their gathers) apart
                if (dir == 0) {
                    layers.forward(st, c, 0, begin, {}, paired);
                    replays.emplace_back();
                } else if (!replaying) {
                    layers.backward(st, c, 0, begin, {}, paired);
                    replays.emplace_back();
                } else {
                    before.resize(static_cast<std::size_t>(scratch.laneCount()));
                    for (int l = 0; l < scratch.laneCount(); ++l)
                        before[l] = scratch.records(l).size();
                    ready.clear();
                    layers.logReadyPoints(&ready);
                    layers.backward(st, c, 0, begin, {}, paired);
                    layers.logReadyPoints(nullptr);
                    replays.push_back(replayOf(scratch, before, ready, st.lastCompute, begin, from));
                }
                out.of[k] = keys.size();
                keys.push_back(key);
                windows.push_back({ begin, st.computeFree });
                stageOf.push_back(s);
            }
        }
    }
    out.distinct.resize(keys.size());
    for (std::size_t k = 0; k < keys.size(); ++k) {
        out.distinct[k].duration = windows[k].end - windows[k].begin;
        out.distinct[k].replay = std::move(replays[k]);
    }
    const auto ranks = groupRanks(sc.parallel);
    std::vector<std::vector<std::pair<const sim::Record*, LaneKind>>> comm(keys.size());
    for (int lane = 0; lane < scratch.laneCount(); ++lane) {
        const auto& info = scratch.laneInfo(lane);
        if (info.kind == LaneKind::PpComm)
            continue;
        // The stage's simulated ops, in the order (and so the time order) they ran.
        std::size_t k
            = static_cast<std::size_t>(std::find(stageOf.begin(), stageOf.end(), info.stage) - stageOf.begin());
        if (k == stageOf.size())
            continue; // every op of this stage is like one simulated before
        for (const auto& r : scratch.records(lane)) {
            // a gather may be issued just before its op's first compute: the op's window starts at `begin`
            while (r.start > windows[k].end && k + 1 < windows.size() && stageOf[k + 1] == info.stage)
                ++k;
            auto& pat = out.distinct[k];
            ++pat.figures.events;
            if (info.kind == LaneKind::Compute)
                pat.compute.push_back({ r.start - windows[k].begin, r.end() - windows[k].begin });
            else
                comm[k].emplace_back(&r, info.kind);
        }
    }
    for (std::size_t k = 0; k < keys.size(); ++k)
        fill(out.distinct[k], comm[k], ranks, windows[k].begin);
    return out;
}

// to += times · x
void add(StageFigures& to, const StageFigures& x, double times)
{
    const auto n = static_cast<std::size_t>(times);
    to.compute += times * x.compute;
    to.commSum += times * x.commSum;
    to.commUnion += times * x.commUnion;
    to.overlap += times * x.overlap;
    to.exposed += times * x.exposed;
    to.events += n * x.events;
    for (std::size_t k = 0; k < to.dimensions.size(); ++k) {
        to.dimensions[k].calls += static_cast<int>(n) * x.dimensions[k].calls;
        to.dimensions[k].bytes += static_cast<Bytes>(n) * x.dimensions[k].bytes;
        to.dimensions[k].busBytes += times * x.dimensions[k].busBytes;
        to.dimensions[k].seconds += times * x.dimensions[k].seconds;
        to.dimensions[k].exposedSeconds += times * x.dimensions[k].exposedSeconds;
    }
}

// The figures of a stage's sends (each `seconds` long, of `bytes`) that only meet fast ops, summed before they are
// added to the stage's figures.
struct SendTotals {
    int calls = 0;
    Seconds exposed = 0; ///< not covered by compute
    Seconds uncovered = 0; ///< not covered by the ops' own communication (adds to the communication union)
    Seconds overlap = 0; ///< covered by compute and not by the ops' own communication
    void addTo(StageFigures& f, Seconds seconds, Bytes bytes, double busBytes) const
    {
        auto& d = f.dimensions[static_cast<int>(LaneKind::PpComm) - 1];
        d.calls += calls;
        d.bytes += calls * bytes;
        d.busBytes += calls * busBytes;
        d.seconds += calls * seconds;
        d.exposedSeconds += exposed;
        f.commSum += calls * seconds;
        f.commUnion += uncovered;
        // What the sends add to the stage's union less what they add to its overlap: also the time they run while an op
        // waits with neither compute nor communication of its own (a context-parallel ring that outlasts attention).
        f.exposed += uncovered - overlap;
        f.overlap += overlap;
        f.events += static_cast<std::size_t>(calls);
    }
};

// The layout search simulates layouts that differ only in their ZeRO stage (below 3) or micro-batch count, whose ops
// are the same: the patterns of the last 16 distinct scenarios are kept per thread. Only whether micro-batch 0 is
// the step's last (its backward then makes gradients ready) tells such scenarios' ops apart, unless Transformer
// Engine's once-a-step weight casts make the micro-batch count part of every op's cost.
struct KeptPatterns {
    struct Entry {
        Scenario key;
        HardwarePreset hardware;
        bool free = false;
        std::shared_ptr<const OpPatterns> patterns;
    };
    std::array<Entry, 16> recent; // the search varies recompute and micro-batch size (12) inside ZeRO
    std::size_t next = 0;
};
thread_local KeptPatterns kept;

std::shared_ptr<const OpPatterns> sharedOpPatterns(StepModel& model)
{
    const auto& ctx = model.context();
    Scenario key = ctx.scenario;
    key.name = {};
    key.description = {};
    if (!costsDependOnMicroBatches(key)) {
        key.batch.microBatches = ctx.totalMicroBatches > 1 ? 2 : 1;
        key.batch.gradAccum = 1;
    }
    key.batch.globalBatch = 0;
    if (key.parallel.zeroStage < 3)
        key.parallel.zeroStage = 0;
    // The resolved hardware too: a preset's figures can change under its name (a calibrated profile saved again).
    auto& recent = kept.recent; // bound once: each use of a thread_local goes through its initialisation check
    const bool free = ctx.options.freeCommunication;
    for (const auto& e : recent)
        if (e.patterns && e.free == free && e.key == key && e.hardware == ctx.hardware)
            return e.patterns;
    auto patterns = std::make_shared<const OpPatterns>(opPatterns(model));
    recent[kept.next] = { std::move(key), ctx.hardware, free, patterns };
    kept.next = (kept.next + 1) % recent.size();
    return patterns;
}

// Lists of at most `width` items per stage in one buffer, reused from call to call (one far larger than the next
// call needs is given back then).
template <class T> class StageLists {
public:
    void reset(int stages, std::size_t width)
    {
        m_width = width;
        m_size.assign(static_cast<std::size_t>(stages), 0);
        const std::size_t need = static_cast<std::size_t>(stages) * width;
        if (m_data.size() < need || m_data.size() > std::max(need, std::size_t { 1 } << 18))
            std::vector<T>(need).swap(m_data);
    }
    void push(int stage, const T& item) { m_data[stage * m_width + m_size[stage]++] = item; }
    std::span<const T> operator[](int stage) const { return { m_data.data() + stage * m_width, m_size[stage] }; }

private:
    std::vector<T> m_data;
    std::vector<std::size_t> m_size;
    std::size_t m_width = 0;
};

// The steady state. In a 1F1B pass of m micro-batches, stage s runs w = min(p − s − 1, m) warm-up forwards, then
// m − w (forward, backward) pairs, then w backwards; one more micro-batch inserts one pair on every stage and
// changes nothing else in the orders. Once the pairs repeat, every op and send of a pair starting T after the same
// one of the pair before on every stage, an inserted pair lands where the next one would have and shifts everything
// after it by T: so m micro-batches cost what `run` < m cost, plus (m − run) pairs of figures on every stage and
// (m − run)·T on the step. The short run checks that its last pairs repeat; if they do not, the caller runs all m.
int steadyRunMicroBatches(const Scenario& sc)
{
    const auto& par = sc.parallel;
    const bool alternating = par.schedule == PipelineSchedule::OneFOneB || (par.pp == 1 && par.virtualStages == 1);
    // enough, as a rule, for the pairs of stage 0 to settle and repeat
    return alternating && par.virtualStages == 1 && sc.batch.gradAccum == 1 ? par.pp + 4 : 0;
}

} // namespace

Result<std::optional<StepMetrics>> metricsOnly(StepModel& model, int runMicroBatches)
{
    auto& ctx = model.context();
    const auto& sc = ctx.scenario;
    auto& b = model.builder();
    auto& stages = model.stages();
    const int p = sc.parallel.pp, v = sc.parallel.virtualStages;
    const int lastVs = p * v - 1;
    const auto shared = sharedOpPatterns(model);
    const auto& patterns = *shared;
    const int allMicroBatches = ctx.totalMicroBatches;
    const bool shortcut = runMicroBatches < allMicroBatches;
    if (shortcut && steadyRunMicroBatches(sc) == 0)
        return std::optional<StepMetrics> {}; // the pairs below are 1F1B's

    struct OpAt {
        Seconds start;
        const Pattern* pattern;
    };
    // Every send lasts sendSeconds, so a send keeps only where it starts.
    struct Send {
        Seconds start;
        int microBatch;
        int to;
        int op; ///< the sending op's place in its stage's order
        bool forward;
    };
    // Kept per thread (this function never runs inside itself): per-stage vectors made afresh for every layout
    // spent a third of a deep pipeline's time faulting their pages in.
    thread_local StageLists<OpAt> keptOps;
    thread_local StageLists<Send> keptSends;
    auto& ops = keptOps; // bound once: each use of a thread_local goes through its initialisation check
    auto& sends = keptSends;
    ops.reset(p, static_cast<std::size_t>(2) * v * runMicroBatches);
    sends.reset(p, static_cast<std::size_t>(2) * v * runMicroBatches);
    std::vector<Seconds> ppFree(p, 0), realFrom(p, -1);
    std::vector<int> done(p, 0); // ops run per stage
    std::vector<StageFigures> fast(p), pair(p); // pair: the figures of one copied block
    const Bytes sendBytes = sim::pipelineSendBytes(ctx);
    const Seconds sendSeconds = p > 1 ? ctx.costs.seconds(Collective::SendRecv, sendBytes, GroupKind::Pp) : 0;
    const double sendBusBytes = static_cast<double>(sendBytes) * busBandwidthFactor(Collective::SendRecv, 2);

    std::vector<std::size_t> uses(patterns.of.size(), 0); // fast ops per slot (OpPatterns::slotOf)
    ctx.totalMicroBatches = runMicroBatches; // the layers see the run's last micro-batch as the step's last
    sim::GradSync grads(ctx, p);
    sim::LayerRunner layers(ctx, grads);
    const int finalMicroBatch = runMicroBatches - 1;
    const bool replaying = replays(sc);
    auto problems
        = sim::drivePipeline(sc, runMicroBatches, [&](int s, const sim::PipelineOp& op, int vs, sim::Arrival input) {
              auto& st = stages[s];
              if (realFrom[s] < 0 && !op.forward && op.microBatch == finalMicroBatch)
                  realFrom[s] = std::max(st.computeFree, input.at);
              const int index = done[s]++;
              // While the step-start parameter gathers run (the first micro-batch's forwards wait for them layer by
              // layer), ops run on the real builder too, so that the gathers meet real compute; they keep their
              // place in the stage's op list, not their figures.
              const bool gathering = realFrom[s] < 0 && grads.gathersAtStart()
                  && std::max(st.computeFree, input.at) < grads.stepStartGathersEnd(st);
              const std::size_t slot = patterns.slotOf(s, op.chunk, op.forward, op.paired);
              if (gathering)
                  ops.push(s, { std::max(st.computeFree, input.at), &patterns.distinct[patterns.of[slot]] });
              if (realFrom[s] >= 0 && !gathering && !op.forward && replaying) {
                  // Where gradients become ready: the op placed from its pattern, not simulated again.
                  const auto& pat = patterns.distinct[patterns.of[slot]];
                  replay(b, grads, st, pat.replay, pat.duration, std::max(st.computeFree, input.at), op.chunk,
                      ctx.firstLayer(vs), op.microBatch, op.microBatch == finalMicroBatch);
              } else if (realFrom[s] >= 0 || gathering) {
                  if (op.forward)
                      layers.forward(st, op.chunk, op.microBatch, input.at, {}, op.paired);
                  else
                      layers.backward(st, op.chunk, op.microBatch, input.at, {}, op.paired);
              } else {
                  const auto& pat = patterns.distinct[patterns.of[slot]];
                  const Seconds start = std::max(st.computeFree, input.at);
                  ops.push(s, { start, &pat });
                  st.computeFree = start + pat.duration;
                  ++uses[slot];
              }
              const bool sending = op.forward ? vs < lastVs : vs > 0;
              const int to = op.forward ? vs + 1 : vs - 1;
              if (!sending || p == 1 || to % p == s)
                  return sim::Arrival { st.computeFree, {} };
              const Seconds start = std::max(st.computeFree, ppFree[s]);
              ppFree[s] = start + sendSeconds;
              sends.push(s, { start, op.microBatch, to % p, index, op.forward });
              return sim::Arrival { ppFree[s], {} };
          });
    ctx.totalMicroBatches = allMicroBatches;
    if (!problems.empty())
        return problems;

    // The shortcut's pairs: on stage s, pair i is ops w + 2i (forward) and w + 2i + 1 (backward). The pairs may repeat
    // one by one or in blocks of c (a slow stage's pace can alternate): the last two whole blocks before the
    // layer-by-layer part must each start T after the block before, ops and sends alike, on every stage. Copies of the
    // block before them (followed by a block like itself) are what the missing micro-batches add.
    Seconds period = -1;
    int block = 0; // pairs per block
    std::vector<int> copied(p, -1); // op index of the copied block's first op
    const auto repeatsInBlocksOf = [&](int c) {
        period = -1;
        const auto repeats = [&](Seconds later, Seconds earlier) {
            const Seconds step = later - earlier;
            if (period < 0)
                period = step;
            return std::abs(step - period) <= 1e-9 * period;
        };
        for (int s = 0; s < p; ++s) {
            const int w = std::min(p - s - 1, runMicroBatches);
            const int fastPairs = std::min(runMicroBatches - w, (static_cast<int>(ops[s].size()) - w) / 2);
            if (fastPairs < 3 * c)
                return false;
            const int from = w + 2 * (fastPairs - 2 * c); // the last two blocks: ops [from, from + 4c)
            // Sends are in op order, at most one per op.
            const auto list = sends[s];
            const auto sendOf = [&](int op) {
                const auto it
                    = std::lower_bound(list.begin(), list.end(), op, [](const Send& x, int i) { return x.op < i; });
                return it != list.end() && it->op == op ? &*it : nullptr;
            };
            for (int i = from; i < from + 4 * c; ++i) {
                if (!repeats(ops[s][i].start, ops[s][i - 2 * c].start))
                    return false;
                const Send *now = sendOf(i), *before = sendOf(i - 2 * c);
                if ((now == nullptr) != (before == nullptr) || (now && !repeats(now->start, before->start)))
                    return false;
            }
            copied[s] = from - 2 * c;
        }
        return true;
    };
    if (shortcut) {
        for (const int c : { 1, 2, 3, 4 })
            if ((allMicroBatches - runMicroBatches) % c == 0 && repeatsInBlocksOf(c)) {
                block = c;
                break;
            }
        if (block == 0)
            return std::optional<StepMetrics> {};
        for (int s = 0; s < p; ++s)
            for (int i = copied[s]; i < copied[s] + 2 * block; ++i)
                add(pair[s], ops[s][i].pattern->figures, 1);
    }

    for (std::size_t k = 0; k < uses.size(); ++k)
        add(fast[k / (OpPatterns::kSlotsPerChunk * static_cast<std::size_t>(v))],
            patterns.distinct[patterns.of[k]].figures, static_cast<double>(uses[k]));
    // What a send of sendSeconds covers of a pattern's op when both start together, per pattern.
    struct Head {
        Seconds compute = 0, comm = 0, both = 0;
        bool known = false;
    };
    std::vector<Head> heads(patterns.distinct.size());
    // Sends that reach into the part run layer by layer become events there; the others only meet fast ops.
    for (int s = 0; s < p; ++s) {
        const int lane = b.lane(s, LaneKind::PpComm);
        SendTotals all, inBlock; // the stage's sends among fast ops, and those of the copied block
        // A stage's sends and ops are both in time order: the first op a send can overlap only moves forward.
        const auto list = ops[s];
        std::size_t first = 0;
        for (const auto& x : sends[s]) {
            if (x.start + sendSeconds > realFrom[s] && lane >= 0) {
                sim::Record e;
                e.kind = EventKind::Communication;
                e.style = sim::LabelStyle::Send;
                e.prefix = "send";
                e.what = x.forward ? "act" : "grad";
                e.number = x.to;
                e.duration = sendSeconds;
                e.bytes = sendBytes;
                e.setCollective(Collective::SendRecv, GroupKind::Pp);
                e.microBatch = x.microBatch;
                b.add(lane, e, x.start);
                continue;
            }
            // What of the fast ops it overlaps is compute, communication, or both; outside the ops it is exposed.
            Seconds compute = 0, comm = 0, both = 0;
            while (first < list.size() && !(x.start < list[first].start + list[first].pattern->duration))
                ++first;
            for (auto it = list.begin() + static_cast<std::ptrdiff_t>(first);
                 it != list.end() && it->start < x.start + sendSeconds; ++it) {
                const Seconds a = x.start - it->start, z = x.start + sendSeconds - it->start;
                const auto& pat = *it->pattern;
                if (a == 0 && z <= pat.duration) {
                    // The common case, a send that starts with the op after the one that produced it: the same
                    // figures for every op of the pattern.
                    auto& head = heads[static_cast<std::size_t>(it->pattern - patterns.distinct.data())];
                    if (!head.known)
                        head = { covered(pat.compute, 0, z), covered(pat.comm, 0, z), covered(pat.computeAndComm, 0, z),
                            true };
                    compute += head.compute;
                    comm += head.comm;
                    both += head.both;
                    continue;
                }
                compute += covered(pat.compute, a, z);
                comm += covered(pat.comm, a, z);
                both += covered(pat.computeAndComm, a, z);
            }
            Seconds exposed = sendSeconds - compute;
            if (exposed < 1e-9 * sendSeconds)
                exposed = 0;
            const bool inPair = x.op >= copied[s] && x.op < copied[s] + 2 * block;
            for (auto* t : { &all, inPair ? &inBlock : nullptr }) {
                if (!t)
                    continue;
                ++t->calls;
                t->exposed += exposed;
                t->uncovered += sendSeconds - comm;
                t->overlap += compute - both;
            }
        }
        all.addTo(fast[s], sendSeconds, sendBytes, sendBusBytes);
        inBlock.addTo(pair[s], sendSeconds, sendBytes, sendBusBytes);
    }
    Seconds later = 0;
    if (shortcut) {
        const double missing = static_cast<double>(allMicroBatches - runMicroBatches) / block;
        for (int s = 0; s < p; ++s)
            add(fast[s], pair[s], missing);
        later = missing * period;
    }
    for (auto& st : stages)
        grads.stageDone(st);
    finishStep(ctx, grads, stages);
    if (!model.costs().problems().empty())
        return model.costs().problems();
    return std::optional { sim::measure(b, model.metricsContext(), fast, later) };
}

void releaseKeptPatterns()
{
    kept = {};
}

Result<std::optional<StepMetrics>> steadyStateMetrics(const Scenario& sc, const SimulateOptions& options)
{
    // Pairs that repeat in blocks of c need the micro-batches left out to be a multiple of c: a run that finds no
    // block that fits is tried again with a multiple of 12 left out (blocks of 1, 2, 3 or 4 pairs all fit), and a
    // slow stage that takes longer to settle into its pace with twice as many micro-batches, while that is fewer.
    // aligned(r) ≥ r, and aligned(2r) > r below `all`, so no run is tried twice.
    const int all = sc.batch.microBatches, first = steadyRunMicroBatches(sc);
    if (first == 0 || !hasMetricsOnlyPath(sc))
        return std::optional<StepMetrics> {};
    const auto aligned = [&](int run) { return run + (all - run) % 12; };
    for (int run = first; run < all; run = run == aligned(run) ? aligned(2 * run) : aligned(run)) {
        auto prepared = prepare(sc, options);
        if (!prepared)
            return prepared.problems();
        auto metrics = metricsOnly(*prepared.value(), run);
        if (!metrics || metrics->has_value())
            return metrics;
    }
    return std::optional<StepMetrics> {};
}

} // namespace tutor::model::sim
