<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>CommandLineText</name>
    <message>
        <source>--size %1x%2: the window cannot be smaller than %3x%4; ask for at least that</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>--scenario %1: %n problem(s):</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>the Training page is not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--render-stages %1: cannot create the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commtutor: see communication in distributed training. Without options it opens the window; --screenshot and --render-stages render offscreen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the window offscreen into &lt;file&gt; and exit; the format comes from the extension: .png, .jpg, .bmp or .svg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render one PNG per page into &lt;dir&gt; and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page to show: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a training scenario (JSON) on the Training page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Animation time to show (steps, or seconds of simulated time).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interface language: en or zh_CN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour theme: light or dark.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window size, e.g. 1920x1080 (400x300 to 7680x4320).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WxH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the window and quit after its first paint (start-up benchmarks).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;: give at most one file to open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: give either a file or --scenario, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;: the file to open must be a scenario (.json) or measurements (.jsonl); options start with --</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--screenshot %1: cannot write %2 files; the name must end in .png, .jpg, .bmp or .svg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extension-less</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--view = %1: must be one of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--time = %1: must be a finite number ≥ 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--lang = %1: must be en or zh_CN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--theme = %1: must be light or dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--size = %1: must be WxH between 400x300 and 7680x4320</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scenario (.json) to open on the Training page, or measurements (.jsonl) for the Live lab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presenter mode (as F5): the stage and explanation only, text scaled by &lt;scale&gt; (1 to 2.5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--present = %1: the text scale must be a number from 1 to 2.5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record the page playing from start to end into &lt;file&gt; and exit: .gif, or .mp4 / .webm with ffmpeg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length of the --record recording in seconds (default: the animation at 1×).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frames per second of the --record recording (default 10).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--record = %1: the recording is a .gif, .mp4 or .webm file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--seconds = %1: must be a number of seconds from 1 to 600</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--fps = %1: must be a whole number of frames per second from 1 to 50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a PyTorch profiler trace (.json or .json.gz) in the Trace lab; repeat it for each rank.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HelpText</name>
    <message>
        <source>Choose a collective, algorithm, ranks and message size on the right and press Space to play. Each rank&apos;s buffer is a row of chunks coloured by whose data they hold; → and ← move exactly one algorithm step, End shows the final state. The readout gives the α (latency) and β (bandwidth) terms, algbw and busbw, and what NCCL would pick.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the scenario in the form or open one (Ctrl+O). The timeline shows compute and communication per pipeline stage, exposed communication and pipeline bubbles; → and ← move from one event to the next. Click an event for its details; the charts tab sweeps one parameter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run real collectives on this machine (MPI) or its GPUs (NCCL) over a range of sizes, then compare the measured bus bandwidth with the model. Fit α and β from the runs and use them for the Collectives predictions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a lesson on the left and read each step; the scene above plays like the other pages (Space, ← →). Do the step&apos;s task to go on with Next. The Interview tab asks questions and grades your answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a model, the number of GPUs, the hardware and the global batch; the search simulates every parallel layout (TP, PP, DP, micro-batches) and ranks them by step time. Double-click a row to open that layout on the Training page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every key of the window is listed under Help → Keyboard shortcuts (?). Keys work whatever has focus; a field takes them only while you are typing into it (Enter or Escape ends the edit).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open traces… reads PyTorch profiler traces, one file per rank (.json or .json.gz). The Gantt chart shows every rank&apos;s CUDA streams; the Ranks tab gives compute, communication, exposed communication, HTA&apos;s overlap and lateness per rank; the Collectives tab gives each collective&apos;s measured time and bus bandwidth beside the model&apos;s on the hardware chosen on the right.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1: cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a JSON object (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: intra/inter: each needs kind, alpha_us ≥ 0 and bandwidth_GBps &gt; 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a progress file (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log does not say everything about the run at line %1. Check the collective and the number of ranks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::CalibratedChoice</name>
    <message>
        <source>Calibrated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The live lab&apos;s calibrated links: intra α %1 µs, β %2 GB/s; inter α %3 µs, β %4 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::CollectivesController</name>
    <message>
        <source>No schedule: the request has problems (see the readout).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More than %1 ranks: the drawing shows the nodes; the figures cover every rank.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::CollectivesPanel</name>
    <message>
        <source>Collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (cheapest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The collective operation to animate and cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL protocol: LL (low latency), LL128, or Simple (full bandwidth)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of GPUs taking part; up to 64 are drawn one by one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of machines; must divide the number of ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message size S as nccl-tests counts it (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hardware preset: the links inside a node and between nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intra-node α (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intra-node β (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network α (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network β per NIC (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NICs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-network reduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaces the preset&apos;s figure for a &quot;what if&quot;; the lowest value keeps the preset&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network cards per node; rings and trees across nodes use one channel per NIC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SHARP / CollNet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The switches between nodes reduce (NCCL CollNet with SHARP): each node sends S instead of the ring&apos;s 2(n−1)/n·S per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (MPI / textbook, not NCCL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the data moves; auto picks the cheapest of NCCL&apos;s own algorithms, as NCCL&apos;s tuner does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Links fitted to your live-lab measurements (Live lab → Calibrate → Use for predictions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One NIC&apos;s β on its own. Replaces the preset&apos;s figure for a &quot;what if&quot;; the lowest value keeps the preset&apos;s. While all of a node&apos;s NICs stream under NCCL&apos;s rings and trees, each keeps the preset&apos;s share of it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::CollectivesStage</name>
    <message>
        <source>The executor found a mismatch: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No prediction for these parameters:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ranks (%2 × %3 GPUs), S = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>α term (latency)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps × per-step latency + protocol base latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>β term (bandwidth)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes on the busiest link ÷ bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>γ term (reduction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes reduced ÷ reduction rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algbw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S ÷ time (nccl-tests)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busbw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algbw × bus factor (nccl-tests)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent by busiest rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formula</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Links calibrated from live-lab measurements.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ The executor checked that the final state equals the definition.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ The final state does not match the definition.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the parameters to see the drawing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an MPI / textbook algorithm, not NCCL: NCCL never runs it, so nccl-tests will not show this time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL would pick %1 / %2 here:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL would pick, by size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2/%3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each coloured square is one chunk of a rank&apos;s buffer; its colour says whose input it holds, and its number says which rank that is. A striped chunk holds a reduction of several ranks&apos; inputs: Σ2–5 is the sum of ranks 2 to 5, Σ#4 the sum of four ranks that are not consecutive. Solid green lines are links inside a node (NVLink/PCIe); dashed purple lines cross the network.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the only algorithm/protocol that can run this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 beats %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2: %3 ranks = %4 × %5 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busbw %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; this fabric&apos;s tuner plugin chooses by the time a call takes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; this fabric&apos;s NCCL setup allows only the %1 protocol (NCCL_PROTO)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; this fabric&apos;s NCCL setup allows only the %1 protocols (NCCL_PROTO)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; this fabric&apos;s NCCL setup allows only %1 (NCCL_ALGO)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> in NCCL&apos;s own estimate (its tuner&apos;s figures; the time shown adds the measured launch and low-latency (LL, LL128) costs, the chunk pipeline, the tree&apos;s fill and the fabric&apos;s own measured network costs)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::Formula</name>
    <message>
        <source>NCCL model (tuning.cc): latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (full overlap) and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>network pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bus bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, pipelined over </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> chunks: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, between </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipelined(</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t = base </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chunk pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tree fill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tree chunks across the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LL across the network</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::InterviewPage</name>
    <message>
        <source>Type a number in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numeric (computed by the model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open question — answer aloud in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Correct.**</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Not quite.**</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer: %1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model answer: %1 (tolerance ±%2 %).

%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Model answer**</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Key points**</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Did your answer cover them? Grade yourself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All questions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numeric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open (60-second drill)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which kind of question comes next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show model answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I had it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I missed it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show me in the lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next question ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missed questions come back first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It comes back in this session&apos;s review.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Next review in %n day(s).</source>
        <translation>
            <numerusform>Next review in %n day.</numerusform>
            <numerusform>Next review in %n days.</numerusform>
        </translation>
    </message>
    <message>
        <source>Answered %1 · correct %2 · due today %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · next review %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed 000, the 60-second answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed %1, follow-up %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed %1, question %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed %1, interview quote %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quiz on lesson %1: %2 of %3 questions answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Questions from every lesson again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Design question — graded against the layout search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**%1**: %2 per step, MFU %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest layout the search finds: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yours, %1, at its best: %2 — %3 of the fastest step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yours, %1, cannot run: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full credit (within 5 %).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Half credit (within 25 %).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No credit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Design (choose the layout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grading against the layout search…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::LayoutTableModel</name>
    <message>
        <source>Double-click to open this layout on the Training page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory/GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed CP</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::LessonStage</name>
    <message>
        <source>No lessons folder was found. Set TUTOR_LESSONS_DIR to the `lessons` folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lessons could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Questions could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 lessons done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;This scene cannot be shown:&lt;/p&gt;&lt;pre&gt;%1&lt;/pre&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ Done (%1). Continue with Next.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not yet: now %1. Hint: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish lesson ✓</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change the scene and check the task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next step (enabled once the task is done)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lessons; ✓ marks the ones you finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before the change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::LiveLabClient</name>
    <message>
        <source>1 result received before is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 results received before are kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker speaks another protocol version: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped a record with an out-of-range value: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignored a line that is not a live-lab record: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped a measurement of unknown collective or type: %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped a record of unknown type &quot;%1&quot; (a newer worker?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start %1: %2. Build commtutor-live or point TUTOR_LIVE_WORKER at it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output ends in the middle of a line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker printed nothing for %1 s and was stopped (a hung collective?); %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker printed a line longer than %1 bytes and was stopped: its output is not the live-lab protocol; %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> on rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — %1 (exit %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%2%3%4; %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker crashed after %1 result(s); %2.%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker exited with code %1 (%2) without reporting an error; %3.%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker exited with code %1 (%2) after its final &quot;done&quot; record; %3.%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its output is not the live-lab protocol (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it ended without its final &quot;done&quot; record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker stopped early: %1; %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The correctness check found %1 wrong element(s); %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 record(s) had out-of-range values and were skipped (first: %2); %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 measurement(s), average bus bandwidth %2 GB/s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %1 line(s) were not protocol records and were ignored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>success</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a bad flag or value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this backend is not built into the worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no CUDA device, or fewer GPUs than asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a CUDA, NCCL or MPI call failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the correctness check found wrong elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the worker&apos;s watchdog aborted a hung collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ranks do not match the request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the buffers do not fit in memory, or allocating them failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unexpected exception in the worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown exit code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at most %1 (1 TiB, the worker&apos;s largest size)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must not exceed measurement.bytes = %1 (an element has at least one byte)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must equal hello.ranks = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must not exceed count × ranks = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must not exceed progress.total = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a percentage from 0 to 100</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run ended, but its -J file could not be written</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::LiveLabSession</name>
    <message>
        <source>Opened %1 measurement(s) from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sizes: from %1 B to %2 B: each must be at least 1 B, the first not above the second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1 measurement(s) from %2 (%3 run(s))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; skipped runs without op or ranks:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; skipped:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No interrupted live run to restore.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted run of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Restored %n measurement(s) of the live run from %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n damaged line(s) skipped</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1: cannot be removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The live run is not being journalled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live run %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::LiveLabStage</name>
    <message>
        <source>Bus bandwidth vs size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time vs size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sizes: from %1 to %2: each must be a size such as 8, 64K or 1G, the first not above the second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 — %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, in-place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot calibrate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit of %1 at %2 ranks: α = %3 µs per step, β = %4 GB/s (bus), median error %5 %, worst %6 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Every other size held back: median error %1 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model now uses the calibrated links (saved to %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>collective alone (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>both together, overall (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overlap, HTA (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overlap, OSU (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute slowdown (×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>collective slowdown (×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MPI (CPU, any machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL (GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MPI processes, or GPUs for NCCL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MPI hosts file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>8, 64K, 8M, 1G (K/M/G are powers of 1024, as in nccl-tests)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check every result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also in-place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker aborts a collective that makes no progress for this long (0: never)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time-out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hardware the model&apos;s prediction is drawn for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use for predictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import nccl-tests…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measurements (*.jsonl *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open measurements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save measurements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import an nccl-tests log or -J JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Live lab.&lt;/b&gt; Real collectives on this machine (MPI) or its GPUs (NCCL). Time is the mean per call of the slowest rank; &lt;i&gt;algbw&lt;/i&gt; = S / t; &lt;i&gt;busbw&lt;/i&gt; = algbw × 2(n−1)/n for AllReduce, (n−1)/n for ReduceScatter, AllGather and AllToAll — comparable with the link&apos;s bandwidth, as nccl-tests reports it. &lt;b&gt;Calibrate&lt;/b&gt; fits t(S) = L + S·F/β to the rows (least absolute relative error); where the library switches protocol with size, each size range gets its own line, as many as the data supports. It shows the error per size; &lt;b&gt;Use for predictions&lt;/b&gt; puts the fitted α (of the small sizes) and β (of the large sizes) into the model.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>β = %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2: α = %3 µs, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %1 size ranges (protocols), each its own line: %2.</source>
        <comment>ranges joined by semicolons</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model prediction on this preset: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nccl-tests output (*.txt *.log *.out *.json *.dat.*);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import cancelled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new run</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The interrupted live run with %n measurement(s) has not been restored. Start a new run and discard it?</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>an earlier session</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>A live run from %1 was interrupted with %n measurement(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>stopped after %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>α = %1 µs per step is above 1 ms: a collective starts in microseconds, so the run was disturbed (other jobs, swapping) or its small sizes are missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>β = %1 GB/s is above the %2 GB/s link of the comparison hardware: check the rank count, or compare with the hardware the run used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>β = %1 GB/s is far above the best measured %2 GB/s: the large sizes are missing, so β is a guess beyond the data; extend the sweep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The line misses the rows by a median %1 %: the run is noisy or mixes regimes the fit cannot separate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implausible: compute and collective together took less than compute alone. The timings are noisy; run more iterations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implausible: an overlap share is between 0 and 100 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n row(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Shown in the table, predicted and calibrated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs (check to compare, click to show)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed %1 (Undo remove puts it back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run put back</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::LiveRunJournal</name>
    <message>
        <source>%1: cannot be written: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run was started</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::MainWindow</name>
    <message>
        <source>step %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in %1; the previous scenario stays open:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the file name must end in .png or .svg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commtutor — see communication in distributed training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent scenarios</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Playback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a training scenario (JSON) in the Training step page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the current training scenario as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export view as &amp;PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the current page as a PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export view as S&amp;VG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the current page as an SVG drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export timeline as Chrome &amp;trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the simulated step for Perfetto or chrome://tracing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export timeline as &amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the simulated step&apos;s events as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close commtutor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training &amp;timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the training step as a Gantt chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training c&amp;harts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show bandwidth, breakdown and sweep charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark text on a light background (good for projectors)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light text on a dark background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the drawing larger (+)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the drawing smaller (−)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play or pause the animation (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &amp;forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &amp;back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the start (Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start again when the end is reached (L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double the playback speed (])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Halve the playback speed ([)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the interface in English</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the interface in Simplified Chinese</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commtutor &amp;help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to use the pages and the keyboard (F1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About commtutor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version and licence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Navigator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios opened recently</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Chrome trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome traces (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commtutor help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About commtutor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;commtutor %1&lt;/h3&gt;&lt;p&gt;See communication in distributed training: collectives, training steps and live measurements from one α-β cost model.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrated links now used for the Collectives predictions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the &amp;end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the final state (End)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Jump to step…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go straight to one step of the animation (Ctrl+G)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every key of the window (?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump to step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step (0 = the start, %1 = the end):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full screen with the stage and the explanation only; click to point, PageUp/PageDown step (F5, Esc leaves)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Present on the &amp;second screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With two screens: the stage on the projector, the parameters stay on this screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Larger text for the room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale the text up while presenting (1× to 2.5×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smaller text for the room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale the text down while presenting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave presenter mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the window as it was (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advance one step (→ or PageDown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go back one step (← or PageUp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;animation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record the page playing from start to end: GIF, or MP4 / WebM with ffmpeg (Ctrl+Shift+A)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export animation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Animated GIF (*.gif);;MP4 video, needs ffmpeg (*.mp4);;WebM video, needs ffmpeg (*.webm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an animation is saved as .gif, .mp4 or .webm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this page has no animation to record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ffmpeg is not installed, so .%1 cannot be written; save as .gif</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ffmpeg did not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ffmpeg failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled; nothing was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Trace lab is not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::Navigator</name>
    <message>
        <source>Collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch one collective move chunks between GPUs, with its cost (Ctrl+1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulate a whole training step: timeline, overlap, bubbles, charts (Ctrl+2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run real collectives with NCCL or MPI and compare with the model (Ctrl+3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guided lessons and interview questions (Ctrl+4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose what to study</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank the parallel layouts of a model on N GPUs by simulated step time (Ctrl+5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open PyTorch profiler traces: overlap, exposed communication, bandwidth, stragglers (Ctrl+6)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::PlaybackBar</name>
    <message>
        <source>Back to the start (Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step back (←)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step forward (→)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag to scrub through the animation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start again from the beginning when the end is reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current time / length of the animation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the end: the final state (End)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::SaveFile</name>
    <message>
        <source>unknown error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be written: %2 (the old file is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be written: %2 (no file was created)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image cannot be encoded as %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::ScenarioForm</name>
    <message>
        <source>Hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machine type: GPUs per node, NVLink and network figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs in each machine (0: the preset&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transformer layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model width h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feed-forward width (0: 4 × hidden)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads; tensor parallelism must divide them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary size (embedding and output head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per MoE layer (0: a dense model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE top-k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts each token is routed to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas that each see a slice of the batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs that split every layer (Megatron-LM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline stages, each holding a slice of the layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron sequence parallelism: each TP AllReduce becomes ReduceScatter + AllGather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0: DDP; 1: shard optimizer states; 2: also gradients; 3: also parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model chunks per pipeline stage (interleaved schedule)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPipe: all forwards then all backwards; 1F1B: alternate; interleaved: 1F1B over virtual stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences per micro-batch per replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batches per pipeline pass (m)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passes accumulated locally (no_sync) before one gradient synchronisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bucket size (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP gradient bucket cap (PyTorch bucket_cap_mb, default 25)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap with backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch each bucket&apos;s collective while backward still runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefetch depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP: layers whose AllGather may run ahead of compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wire dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Element type of gradients and activations on the wire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Straggler rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A rank that computes slower (-1: none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Straggler slow-down (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much slower the straggler computes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load one of the example scenarios shipped with commtutor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose an example…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4 × hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 (DDP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This scenario cannot run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The timeline shows the last scenario that worked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GEMM efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fraction of peak FLOP/s a large matrix multiply reaches; &quot;preset&quot; uses the GPU&apos;s fitted figure (element-wise work and attention are costed separately)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM --tp-comm-overlap: the sequence-parallel AllGather and ReduceScatter run in tp chunks beside the GEMM next to them (needs sequence parallel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM --overlap-param-gather: ZeRO-1/2&apos;s parameter AllGather runs under the next step&apos;s first forward instead of after the optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP comm overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Param gather overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs that split every sequence; attention passes K and V around them in a ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE flex dispatcher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core&apos;s flex token dispatcher (DeepEP, HybridEP): a token goes once to each GPU of its node and once to each other node holding its experts, instead of once per expert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation recomputation: none, selective (Megatron: core attention), selective op-level (torchtitan: element-wise ops and every second matmul) or full (whole layers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Element-wise kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused: norms, activations and residual adds one pass over memory each (Megatron, Transformer Engine, torch.compile). Eager: PyTorch runs every op of RMSNorm, RoPE and SwiGLU as its own kernel (torchtitan without torch.compile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GEMM precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tensor-core peak the layers&apos; matrix multiplies run at: bf16, or fp8 on Hopper and later (attention, element-wise work and the output layer stay in bf16)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp8 casts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feed-forward width of one routed expert (0: the FFN size)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared expert FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feed-forward width of the shared expert every token also runs (0: none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leading dense layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers before the first MoE layer that keep the dense FFN (DeepSeek&apos;s first_k_dense_replace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV latent (MLA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width of multi-head latent attention&apos;s key-value latent (0: standard attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q latent (MLA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width of the query latent under multi-head latent attention (0: queries projected directly)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE EP overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core --overlap-moe-expert-parallel-comm: each steady-state forward runs beside another micro-batch&apos;s backward, so one&apos;s dispatch and combine hide under the other&apos;s compute (needs expert parallelism and, with pipelining, virtual stages)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute slow-down while gradient communication or an overlapped MoE transfer runs beside it (0.1 = 10 % slower)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under fp8: Transformer Engine&apos;s delayed scaling has the norms write fp8 themselves and casts every other GEMM input and gradient with one kernel; torchao&apos;s dynamic scaling (torchtitan&apos;s Float8) scans and casts every input, weight and gradient with kernels of its own; Transformer Engine&apos;s current scaling (FP8-CS) runs an amax kernel and a cast per GEMM input and gradient (a norm finds its output&apos;s amax itself), MXFP8 one quantize kernel. Transformer Engine casts each weight once a step, and on Blackwell its per-tensor recipes write no transposed copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert tensor parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs that split each routed expert (Megatron-Core --expert-tensor-parallel-size); 1 keeps experts whole and puts an EP group on consecutive GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs that share the experts, out of a stage&apos;s TP · CP · DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fused attention kernel: cuDNN&apos;s, which Transformer Engine (Megatron, NeMo) runs on Hopper and later at about 53 % of peak on H100, FlashAttention-2, PyTorch&apos;s scaled_dot_product_attention (torchtitan) at about 33 %, or the Triton FlashAttention llm-foundry&apos;s MPT ran in 2023, at about half FlashAttention-2&apos;s rate. On A100 cuDNN&apos;s is FlashAttention-2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the run replays as CUDA graphs. Without them every kernel is launched from the host, and an MoE layer lasts at least the host&apos;s time to launch its kernels (fitted on DGX H100 and B200 runs): small experts then wait on the CPU. Per-layer scopes (Transformer Engine) or the whole iteration take that wait away</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::SearchStage</name>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model with its published shape (layers, hidden size, heads, vocabulary)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs in all: a multiple of the preset&apos;s GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences per optimizer step; every layout keeps it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 × GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search layouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open on Training page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enumerating layouts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated %1 of %2 layouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: %1 of %2 layouts simulated, %3 rejected before simulation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 layouts simulated, %3 rejected (a rule or memory).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which layout for this model on these GPUs?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every combination of data, tensor and pipeline parallelism, interleaving, expert parallelism, ZeRO stage, recomputation and micro-batch size that keeps Megatron-LM&apos;s rules and fits in memory is simulated; the table ranks them by step time. On the chart, the line is the Pareto front: layouts that no other layout beats on both step time and memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: step %2 s, MFU %3 %, bubble %4 %, %5 GiB per GPU; exposed communication %6 s of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per sequence; from 16,384 on, context parallelism (CP 2 to 16) joins the search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enumerate DP × TP × PP × virtual stages × EP × CP × ZeRO × recomputation × micro-batch size, drop what breaks a rule or does not fit in memory, simulate the rest</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::TraceStage</name>
    <message>
        <source>Open PyTorch profiler traces (one per rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiler traces (*.json *.json.gz *.gz);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reading %n trace(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Not opened; the traces shown before stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Opened %n trace(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>yes: last to %1 of its collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s); %1 collectives matched across ranks; stragglers: %2</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Trace lab.&lt;/b&gt; Open PyTorch profiler traces (torch.profiler with CUDA activities, one file per rank, .json or .json.gz). Each rank&apos;s CUDA streams are drawn as lanes: compute kernels and NCCL kernels, with the part of each NCCL kernel that no compute kernel hid in red.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Overlap&lt;/b&gt; is HolisticTraceAnalysis&apos; figure: time computing and communicating at once ÷ communication time. &lt;b&gt;Exposed&lt;/b&gt; communication is communication with no compute beside it. A rank is &lt;b&gt;late&lt;/b&gt; to a collective by the difference between the longest kernel of that collective and its own: the last rank to arrive runs the shortest kernel while the others wait.&lt;/p&gt;&lt;p&gt;The collectives table gives the median kernel time and bus bandwidth per size. Kernel time includes waiting for late ranks, so measured bandwidth can be far below the model&apos;s, which assumes everyone starts together.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Rank %1: %2 of communication, %3 of it exposed; overlap %4.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open traces…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch profiler traces, one file per rank (.json, .json.gz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap (HTA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Late</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Straggler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model bus bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Trace lab: %n rank(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1 overlap %2, exposed %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::app::TrainingStage</name>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before the edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s): %1 — showing the last scenario that worked.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Click an event in the timeline to see its details and, for a collective, its cost formula.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;No scenario has simulated yet.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;One step takes &lt;b&gt;%1&lt;/b&gt;: compute %2, communication %3 of which &lt;b&gt;%4&lt;/b&gt; is exposed (overlap %5). Pipeline bubble %6, MFU %7.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;At t = %1 on stage %2: %3&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The figures of one simulated step; hover a row for its definition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every event of the step; click a column header to sort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figures of the simulated step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every event of the simulated step; selecting one selects it in the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details of the selected event and, for a collective, the cost model&apos;s formula</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The current form values cannot run; fix the fields marked in the form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario parameter the sweep chart varies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bucket size (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP size (GPUs scale with it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened layout %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The figure of the step the sweep chart draws</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 nodes · DP %3 · TP %4 · PP %5 · EP %6 · ZeRO %7 · step %8 · MFU %9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · CP %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::BandwidthChart</name>
    <message>
        <source>Bus bandwidth (nccl-tests definition) against message size for every algorithm that can run this collective. Left of the dashed boundary the α (latency) term dominates, right of it the β (bandwidth) term.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 ranks (%3 × %4): bus bandwidth vs message size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency-bound (α &gt; β term)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bandwidth-bound (β ≥ α term)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>link β %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message size S (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (MPI / textbook, not NCCL)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::BreakdownChart</name>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle (bubble)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the step time goes on the critical pipeline stage: compute, communication that compute could not hide (per parallel dimension), and idle time such as pipeline bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step-time breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::CollectiveFrame</name>
    <message>
        <source>each receiver adds the chunk to its own copy (reduction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each receiver stores the chunk (copy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 transfers reduce, %2 copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all inside a node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all across the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 across the network, %2 inside a node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2: %3 transfers of up to %4; %5; %6.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::CollectivePainter</name>
    <message>
        <source>node %1 · %2 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n inside</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tutor::views::CollectiveView</name>
    <message>
        <source>Final state after %1 steps: every buffer matches the definition of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initial state: each rank holds its own input. Press Play or → to run step 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ranks on %2 nodes: the animation runs up to %3 ranks; the numbers cover all of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ranks, summarised: node 0&apos;s GPUs in detail, traffic between nodes as moving chunks. %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::EventLabel</name>
    <message>
        <source>fwd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bwd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>att</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mlp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>act</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>params</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comb</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kv</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::EventModel</name>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::LayoutChart</name>
    <message>
        <source>Each point is one simulated layout: memory per GPU against step time. The line joins the Pareto front (no other layout is both faster and smaller); click a point to select its row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layouts: none simulated yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n layout(s): step time against memory per GPU</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Layouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::MeasurementChart</name>
    <message>
        <source>measured, in-place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured, out-of-place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibrated fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No measurements yet: start a run, open a file or import an nccl-tests log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size S (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time per call (µs)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::MeasurementModel</name>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1, %2 ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean of %1 iterations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Here algbw × %1, the factor of %2 at %3 ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The calibration fits out-of-place rows only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not calibrated yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The collective that was timed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message size S as nccl-tests counts it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whether the output buffer is the input buffer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean time per call of the slowest rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest, median and 99th-percentile time per call.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s time for this size on the comparison hardware.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(model − measured) / measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Algorithm bandwidth: S / time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bus bandwidth: algbw × the collective&apos;s factor, comparable with the link&apos;s bandwidth.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elements the correctness check found wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The calibrated α-β line at this size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(fit − measured) / measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured bus bandwidth as a fraction of the fit&apos;s asymptotic bandwidth.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min / median / p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algbw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busbw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implausible: %1 % of the fitted asymptotic bandwidth. No size can beat the line&apos;s bandwidth for long; this one ran faster than the α-β line allows (cache effects, a protocol switch inside the range, or too few sizes for the fit).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::MetricsModel</name>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time of one optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy time of the compute lane of the critical stage (stage %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sum of all collective durations on the critical stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication not hidden behind compute: step time minus compute on the critical path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap (HTA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holistic Trace Analysis: time computing and communicating at once ÷ communication time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap (OSU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OSU benchmarks: 1 − exposed communication ÷ pure communication time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean idle fraction of the pipeline stages: (p−1)/(m+p−1) for GPipe and 1F1B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens / s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens of the global batch ÷ step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory / GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 exposed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 collectives moving %2 in total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model FLOPs utilisation: model FLOPs ÷ (step · peak · GPUs), the peak of the precision the GEMMs run at (fp8 or bf16)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters %1, gradients %2, optimizer %3, activations %4, buffers %5 (the loss&apos;s logits, ZeRO-3&apos;s gathered layers) on stage %6 (capacity %7)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::Problem</name>
    <message>
        <source>must be at least 2 for the interleaved schedule%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is required when hardware.preset is empty%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs an MoE model (model.moe.experts &gt; 0)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is too large to simulate %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be finite and ≥ 0%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be finite and in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a finite number%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a multiple of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a rank in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an integer%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a number%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at least %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at most %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be greater than %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be between %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be 1 unless %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must divide %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must equal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs a power of two%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not defined for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not defined on this topology %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown preset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be combined with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not match %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not an object, so it has no field %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has an empty path segment%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs fp8 tensor cores (Hopper or later), which this preset lacks: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be inflated: zlib could not start%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a folder, not a file%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is larger than %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a regular file%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not valid gzip data: it ends before the compressed stream does%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not valid gzip data: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a JSON object%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be true or false%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must name a field such as comm.bucket_MiB%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be one JSON object per line%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be ≥ 0, or -1 when not checked%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a string or null%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a string%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown data type; result skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown data type%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown collective%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is required (an object with &quot;en&quot; and &quot;zh_CN&quot;)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is required for a collective scene%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is required with &quot;metric&quot;: name the field the learner changes%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is required by formula %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is required%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is too large to simulate (at most 1e15 parameters)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is too large to simulate (at most 1e9 tokens per micro-batch)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be finite: the scenario&apos;s sizes and speeds together are beyond what the model computes (check hardware and model figures)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be finite and ≥ 0.001 µs (no collective completes faster)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be finite and &gt; 0 with bytes ≥ 1%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be finite and in [0, 100000] GB/s (faster than any link)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be finite%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a finite number ≥ 0; row skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a finite number ≥ 0%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an integer in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an integer ≥ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a number or a hardware figure key (hw.&lt;preset&gt;.&lt;figure&gt;)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a number &gt; 0 (µs); result skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a number &gt; 0%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a number ≥ 0%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a whole number in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a whole byte count in [0, 1 TiB]; result skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a whole element count ≥ 0; result skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at most 2147483647 in magnitude%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at most 1 TiB (2^40 bytes); row skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be between 1 and 1099511627776 (1 TiB)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be between 0 and 1099511627776 (1 TiB)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be between 1 and 65536 for a schedule%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be in [0, 1] (fraction of the animation)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be in (0, 0.5) (relative)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be in [1, 1024] (a node with no NIC cannot reach another node)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be in [1, 100000000] (0: 2 · gpus)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be in [0, 1024] (0: every core)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be 1%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be -1 (no root) or a rank in [0, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be -1 or a rank; row skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &gt; 0 for a size &gt; 0; row skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must equal the file name without .json %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must equal nodes × gpus per node = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown preset (known: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown model (known: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key (expected one of: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown fabric (known: ib, roce, efa, ethernet)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown type (float, half, bfloat16, double, int8, ...)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be compared with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be evaluated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not hold: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit the formula&apos;s answer (%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit the answer of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not name a lesson step (lesson-id#step-id)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not resolve%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>was written, but its folder could not be synced: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inflates to more than %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a directory%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too large to hold in memory%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be ≥ 0; row skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be ≥ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a non-empty string%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a non-empty array of steps%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a non-empty list of rows%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an array of strings%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an array of at least two texts%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an array of runs%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object with &quot;en&quot; and &quot;zh_CN&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object with &quot;scenario&quot; and &quot;measured&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object of dotted path → value%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object of name → scene%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object {field|metric, op, value}%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object name → values%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown data type; row skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is missing or empty: every text needs both languages%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be collective for a collective scene%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be timeline or charts for a scenario scene%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &quot;collective&quot; or &quot;scenario&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs exactly one of &quot;field&quot; or &quot;metric&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a name of letters, digits and _ that no figure prefix uses (scene, cost, metrics, …)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a curriculum topic id (see lessons/README.md)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is used by an earlier step of this lesson%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>contains no lesson files (*.json)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a collective (%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not an algorithm (%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be auto, LL, LL128 or Simple%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a data type (bf16, fp16, fp32, fp8, int8, ...)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a size such as 64MiB, 1GiB or 4096%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a numeric figure of the scene%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a field of the scene%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &quot;lesson-id#step-id&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must index one of the choices (0-based)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a known formula (lessons/README.md lists them)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a known formula%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs min ≤ max and 0 &lt; step with at most 10,000 values%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step is below the precision of min and max (a double)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a list of values or {min, max, step}%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has no values%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a named model (commtutor-cli search --help lists them)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a hardware preset id%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be choice, numeric, open or design%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file must be an object {&quot;questions&quot;: [...]}%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is used by another question%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not the id of a question%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leads back to a question of its chain%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every generated figure must be finite%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &quot;gelu&quot; or &quot;swiglu&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &quot;gpipe&quot;, &quot;1f1b&quot; or &quot;interleaved&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a data type such as &quot;bf16&quot;, &quot;fp16&quot; or &quot;fp32&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a data type such as &quot;bf16&quot; or &quot;fp32&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &quot;bf16&quot; or &quot;fp8&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &quot;none&quot;, &quot;selective&quot; or &quot;full&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the stages&apos; orders wait on each other (deadlock); please report this scenario%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs iteration_s, tokens_per_s_per_gpu, tflops_per_gpu or mfu &gt; 0%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no algorithm can run this collective with it on this topology%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no algorithm can run this request%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLS runs the Simple protocol only%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLSTree and CollNet run the Simple protocol only%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LL128 needs NVLink inside the node (NCCL enables it by default only there)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a count or N/A; row skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per-iteration columns must be numbers (µs); row skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a data row has size count type [redop] [root], then time algbw busbw #wrong (and i_min i_max i_p99 i_cv% with -I 1) for out-of-place and in-place, then a timestamp with -S 1; row skipped%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this run&apos;s header has no data rows after it (the test failed or the log was cut)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an nccl-tests -J file is an object with a &quot;results&quot; list%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the -J file has no timed result%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected value type (%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data rows (size count type redop root time algbw busbw #wrong)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no nccl-tests data rows (size count type [redop] [root] time algbw busbw #wrong ...)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no &quot;# Collective test starting&quot; line, no &lt;name&gt;_perf binary in the log and none in the file name; pass the collective (--op)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no &quot;#  Rank N&quot; device lines; pass the rank count (--ranks)%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibration needs at least 2 sizes%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibration needs at least 2 distinct sizes of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show no bandwidth term (time does not grow with size); add larger sizes%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be algorithm/protocol, e.g. &quot;ring/LL128&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must name an algorithm, e.g. &quot;ring&quot; or &quot;nvls/Simple&quot;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes × gpus_per_node must not exceed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the validation set is an object with a &quot;runs&quot; list%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a PyTorch profiler trace is a JSON object with a &quot;traceEvents&quot; array%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hold no GPU kernel (cat &quot;kernel&quot; or &quot;gpu_memcpy&quot;): record the trace with ProfilerActivity.CUDA to analyse communication%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open at least one PyTorch profiler trace%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more traces than distributedInfo.world_size = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; row skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; result skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this reader speaks protocol %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty line%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON: syntax error while parsing %1 - %2; last read: %3; expected %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON: syntax error while parsing %1 - unexpected %2; expected %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON: syntax error while parsing %1 - %2; last read: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON: syntax error while parsing %1 - unexpected %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON: number overflow parsing %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a JSON record (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the text is %1 bytes; at most %2 are read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string of %1 bytes; at most %2 are read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string longer than %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nesting deeper than %1 levels of [ ] and { }</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1 entries in one list or object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is %1; at most %2 is read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be written: %1 (the old file is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be written: %1 (no file was created)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>was written, but its folder could not be synced: %1 (a power cut may bring the old file back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a valid claim: column %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be evaluated: column %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would put %1 ranks on each node, but a %2 node has %3 GPUs: use at least %4 nodes for %5 ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a multiple of parallel.pp = %1 for the interleaved schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>times model.layers = %1 is too large to simulate (at most 100,000 layer passes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no layout of %1 runs on these GPUs (every one breaks a rule or memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped; the first %1 are listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 made no progress for %2 s: rank %3 waited in %4 for another rank (%5); communicator aborted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 made no progress for %2 s: rank %3 waited in %4 for another rank; communicator aborted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 made no progress for %2 s: rank %3 stopped outside any library call; communicator aborted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocating the buffers of %1 of %2 B (%3 per rank) failed: out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 backend moves at most %2 elements per call (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs %1 of buffers per rank (send and receive, 2 × S), more than %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>-g %1 asks for more GPUs than the %2 visible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count %1 exceeds the int count of MPI calls (at most 2^31−1 elements)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>object key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>object separator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid literal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid string: missing closing quote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid string: &apos;\u&apos; must be followed by 4 hex digits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid string: forbidden character after backslash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid string: ill-formed UTF-8 byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid string: control character %1 must be escaped to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid number; expected digit after %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid number; expected &apos;+&apos;, &apos;-&apos;, or digit after exponent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid number; expected digit after exponent sign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid BOM; must be 0xEF 0xBB 0xBF if given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end of input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;[&apos;, &apos;{&apos;, or a literal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>string literal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>number literal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true literal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>false literal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>null literal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the claim is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value is not finite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>division by zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number, a {{figure}}, a function or &apos;(&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;)&apos; or &apos;,&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;)&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;(&apos; after %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown function &apos;%1&apos; (abs, min, max)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>abs takes one argument</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;{{&apos; without &apos;}}&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty {{}}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{{%1}}: division by zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{{%1}} is not a figure of the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{{%1}} is text, not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{{%1}} is not finite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many open files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk quota exceeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with bytes = %1 means %2 GB/s, more than any link (%3 GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be one JSON object per line (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2·cp must divide model.seq_len, which Megatron-Core splits into 2·cp chunks; model.seq_len = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs compute.flash_attention = true: ring attention runs FlashAttention block by block%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::SweepChart</name>
    <message>
        <source>Sweep: no valid points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep over %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed communication (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One figure of the step (step time and exposed communication, bubble, MFU or tokens/s) as one parameter of the scenario varies; the ring marks the current value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step time and exposed communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweeping %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>percent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::Text</name>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective, op-level (torchtitan)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eager PyTorch, one kernel per op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fused (Megatron, torch.compile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>own cast kernels (torchao dynamic scaling)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>amax + cast kernels (TE current scaling)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one quantize kernel (TE MXFP8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>norm-written fp8 + casts (TE delayed scaling)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FlashAttention-2 (PyTorch SDPA, torchtitan)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triton FlashAttention (llm-foundry MPT, 2023)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN (Transformer Engine, Megatron)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per-layer scopes (Transformer Engine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the whole iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (eager launches)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::Timeline</name>
    <message>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle (bubble)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor-parallel comm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-parallel comm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline send/recv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a layer&apos;s forward pass (GPU compute)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a layer&apos;s backward pass: gradients, about twice the forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activation recomputation: the forward run again in backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the optimizer step (Adam) after the gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a collective or point-to-point transfer of this parallel dimension; hover it for its cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exposed (red)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the part of a transfer that compute did not hide: the step waits for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hatched: the GPU computes nothing here (pipeline bubble, or waiting for data)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 · s%2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a measured GPU kernel that is not communication (matrix multiply, attention, element-wise)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a measured NCCL kernel (collective or send/recv); hover it for its size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context-parallel ring (K/V)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tutor::views::TimelineView</name>
    <message>
        <source>Training-step timeline. Wheel or pinch to zoom, drag to pan, Shift+drag or right-drag to zoom into a box, double-click to fit, click an event to select it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2% of the collective)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No timeline yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
