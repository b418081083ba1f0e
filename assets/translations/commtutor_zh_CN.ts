<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CommandLineText</name>
    <message>
        <source>--size %1x%2: the window cannot be smaller than %3x%4; ask for at least that</source>
        <translation>--size %1x%2：窗口不能小于 %3x%4；请至少给出这个尺寸</translation>
    </message>
    <message numerus="yes">
        <source>--scenario %1: %n problem(s):</source>
        <translation>
            <numerusform>--scenario %1：%n 个问题：</numerusform>
        </translation>
    </message>
    <message>
        <source>the Training page is not available</source>
        <translation>“训练步”页不可用</translation>
    </message>
    <message>
        <source>--render-stages %1: cannot create the folder</source>
        <translation>--render-stages %1：无法创建该文件夹</translation>
    </message>
    <message>
        <source>commtutor: see communication in distributed training. Without options it opens the window; --screenshot and --render-stages render offscreen.</source>
        <translation>commtutor：看懂分布式训练中的通信。不带选项时打开窗口；--screenshot 和 --render-stages 在后台离屏渲染。</translation>
    </message>
    <message>
        <source>Render the window offscreen into &lt;file&gt; and exit; the format comes from the extension: .png, .jpg, .bmp or .svg.</source>
        <translation>把窗口离屏渲染到 &lt;file&gt; 后退出；格式由扩展名决定：.png、.jpg、.bmp 或 .svg。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Render one PNG per page into &lt;dir&gt; and exit.</source>
        <translation>每个页面渲染一张 PNG 到 &lt;dir&gt; 后退出。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Page to show: %1.</source>
        <translation>要显示的页面：%1。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Open a training scenario (JSON) on the Training page.</source>
        <translation>在“训练步”页打开一个训练场景（JSON）。</translation>
    </message>
    <message>
        <source>Animation time to show (steps, or seconds of simulated time).</source>
        <translation>要显示的动画时刻（步数，或模拟时间的秒数）。</translation>
    </message>
    <message>
        <source>t</source>
        <translation>t</translation>
    </message>
    <message>
        <source>Interface language: en or zh_CN.</source>
        <translation>界面语言：en 或 zh_CN。</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Colour theme: light or dark.</source>
        <translation>配色主题：light 或 dark。</translation>
    </message>
    <message>
        <source>Window size, e.g. 1920x1080 (400x300 to 7680x4320).</source>
        <translation>窗口尺寸，例如 1920x1080（400x300 到 7680x4320）。</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>宽x高</translation>
    </message>
    <message>
        <source>Show the window and quit after its first paint (start-up benchmarks).</source>
        <translation>显示窗口，首次绘制后退出（用于启动基准测试）。</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;: give at most one file to open</source>
        <translation>多余的参数“%1”：最多只能打开一个文件</translation>
    </message>
    <message>
        <source>%1: give either a file or --scenario, not both</source>
        <translation>%1：文件和 --scenario 只能二选一</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;: the file to open must be a scenario (.json) or measurements (.jsonl); options start with --</source>
        <translation>多余的参数“%1”：要打开的文件必须是场景（.json）或测量文件（.jsonl）；选项以 -- 开头</translation>
    </message>
    <message>
        <source>--screenshot %1: cannot write %2 files; the name must end in .png, .jpg, .bmp or .svg</source>
        <translation>--screenshot %1：无法写入 %2 文件；文件名必须以 .png、.jpg、.bmp 或 .svg 结尾</translation>
    </message>
    <message>
        <source>extension-less</source>
        <translation>无扩展名的</translation>
    </message>
    <message>
        <source>--view = %1: must be one of %2</source>
        <translation>--view = %1：必须是 %2 之一</translation>
    </message>
    <message>
        <source>--time = %1: must be a finite number ≥ 0</source>
        <translation>--time = %1：必须是 ≥ 0 的有限数</translation>
    </message>
    <message>
        <source>--lang = %1: must be en or zh_CN</source>
        <translation>--lang = %1：必须是 en 或 zh_CN</translation>
    </message>
    <message>
        <source>--theme = %1: must be light or dark</source>
        <translation>--theme = %1：必须是 light 或 dark</translation>
    </message>
    <message>
        <source>--size = %1: must be WxH between 400x300 and 7680x4320</source>
        <translation>--size = %1：必须是 400x300 到 7680x4320 之间的 宽x高</translation>
    </message>
    <message>
        <source>A scenario (.json) to open on the Training page, or measurements (.jsonl) for the Live lab.</source>
        <translation>在“训练步”页打开的场景（.json），或给“实测实验室”的测量文件（.jsonl）。</translation>
    </message>
    <message>
        <source>Presenter mode (as F5): the stage and explanation only, text scaled by &lt;scale&gt; (1 to 2.5).</source>
        <translation>演示模式（同 F5）：只显示舞台和讲解，文字按 &lt;scale&gt; 放大（1 到 2.5）。</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>倍数</translation>
    </message>
    <message>
        <source>--present = %1: the text scale must be a number from 1 to 2.5</source>
        <translation>--present = %1：文字放大倍数必须是 1 到 2.5 之间的数</translation>
    </message>
    <message>
        <source>Record the page playing from start to end into &lt;file&gt; and exit: .gif, or .mp4 / .webm with ffmpeg.</source>
        <translation>把页面从头到尾的播放录制到 &lt;file&gt; 后退出：.gif，或借助 ffmpeg 的 .mp4 / .webm。</translation>
    </message>
    <message>
        <source>Length of the --record recording in seconds (default: the animation at 1×).</source>
        <translation>--record 录制的时长（秒；默认按 1× 播放动画的时长）。</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Frames per second of the --record recording (default 10).</source>
        <translation>--record 录制的每秒帧数（默认 10）。</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>--record = %1: the recording is a .gif, .mp4 or .webm file</source>
        <translation>--record = %1：录制文件须为 .gif、.mp4 或 .webm</translation>
    </message>
    <message>
        <source>--seconds = %1: must be a number of seconds from 1 to 600</source>
        <translation>--seconds = %1：必须是 1 到 600 之间的秒数</translation>
    </message>
    <message>
        <source>--fps = %1: must be a whole number of frames per second from 1 to 50</source>
        <translation>--fps = %1：必须是 1 到 50 之间的整数帧率</translation>
    </message>
    <message>
        <source>Open a PyTorch profiler trace (.json or .json.gz) in the Trace lab; repeat it for each rank.</source>
        <translation>在“Trace 实验室”中打开 PyTorch profiler trace（.json 或 .json.gz）；每个 rank 给一次。</translation>
    </message>
</context>
<context>
    <name>HelpText</name>
    <message>
        <source>Choose a collective, algorithm, ranks and message size on the right and press Space to play. Each rank&apos;s buffer is a row of chunks coloured by whose data they hold; → and ← move exactly one algorithm step, End shows the final state. The readout gives the α (latency) and β (bandwidth) terms, algbw and busbw, and what NCCL would pick.</source>
        <translation>在右侧选择集合通信、算法、rank 数和消息大小，按空格键播放。每个 rank 的缓冲区是一行数据块，颜色表示它持有谁的数据；→ 和 ← 恰好移动一个算法步，End 显示最终状态。读数给出 α（延迟）项和 β（带宽）项、algbw 和 busbw，以及 NCCL 会选哪种算法。</translation>
    </message>
    <message>
        <source>Edit the scenario in the form or open one (Ctrl+O). The timeline shows compute and communication per pipeline stage, exposed communication and pipeline bubbles; → and ← move from one event to the next. Click an event for its details; the charts tab sweeps one parameter.</source>
        <translation>在表单中编辑场景或打开一个场景（Ctrl+O）。时间线按流水线阶段显示计算和通信、暴露的通信和流水线气泡；→ 和 ← 在相邻事件之间移动。点击事件查看详情；图表页对一个参数做扫描。</translation>
    </message>
    <message>
        <source>Run real collectives on this machine (MPI) or its GPUs (NCCL) over a range of sizes, then compare the measured bus bandwidth with the model. Fit α and β from the runs and use them for the Collectives predictions.</source>
        <translation>在本机（MPI）或本机 GPU（NCCL）上按一系列大小运行真实的集合通信，再把实测的总线带宽与模型对比。用这些运行拟合 α 和 β，并用于“集合通信”页的预测。</translation>
    </message>
    <message>
        <source>Pick a lesson on the left and read each step; the scene above plays like the other pages (Space, ← →). Do the step&apos;s task to go on with Next. The Interview tab asks questions and grades your answers.</source>
        <translation>在左侧选一课，逐步阅读；上方的场景和其他页面一样播放（空格、← →）。完成这一步的任务后点“下一步”继续。“面试”页会提问并给你的回答打分。</translation>
    </message>
    <message>
        <source>Choose a model, the number of GPUs, the hardware and the global batch; the search simulates every parallel layout (TP, PP, DP, micro-batches) and ranks them by step time. Double-click a row to open that layout on the Training page.</source>
        <translation>选择模型、GPU 数、硬件和全局批大小；搜索会模拟每一种并行布局（TP、PP、DP、微批次），按步时间排序。双击一行即可在“训练步”页打开该布局。</translation>
    </message>
    <message>
        <source>Every key of the window is listed under Help → Keyboard shortcuts (?). Keys work whatever has focus; a field takes them only while you are typing into it (Enter or Escape ends the edit).</source>
        <translation>窗口的所有按键都列在“帮助 → 键盘快捷键”（?）中。无论焦点在哪里按键都有效；只有在你正往输入框里输入时，输入框才会接收按键（Enter 或 Esc 结束编辑）。</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Open traces… reads PyTorch profiler traces, one file per rank (.json or .json.gz). The Gantt chart shows every rank&apos;s CUDA streams; the Ranks tab gives compute, communication, exposed communication, HTA&apos;s overlap and lateness per rank; the Collectives tab gives each collective&apos;s measured time and bus bandwidth beside the model&apos;s on the hardware chosen on the right.</source>
        <translation>“打开 trace…”读取 PyTorch profiler trace，每个 rank 一个文件（.json 或 .json.gz）。甘特图显示每个 rank 的 CUDA 流；“Ranks”页给出每个 rank 的计算、通信、暴露通信、HTA 重叠率和迟到时间；“集合通信”页给出每个集合通信的实测时间和总线带宽，旁边是模型在右侧所选硬件上的预测。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1: cannot be read</source>
        <translation>%1：无法读取</translation>
    </message>
    <message>
        <source>%1: not a JSON object (%2)</source>
        <translation>%1：不是 JSON 对象（%2）</translation>
    </message>
    <message>
        <source>%1: intra/inter: each needs kind, alpha_us ≥ 0 and bandwidth_GBps &gt; 0</source>
        <translation>%1：intra/inter 每项都需要 kind、alpha_us ≥ 0 和 bandwidth_GBps &gt; 0</translation>
    </message>
    <message>
        <source>%1: not a progress file (%2)</source>
        <translation>%1：不是进度文件（%2）</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>The log does not say everything about the run at line %1. Check the collective and the number of ranks:</source>
        <translation>第 %1 行开始的这次运行，日志里没有写全信息。请核对集合通信类型和 rank 数：</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 数</translation>
    </message>
</context>
<context>
    <name>tutor::app::CalibratedChoice</name>
    <message>
        <source>Calibrated: %1</source>
        <translation>已校准：%1</translation>
    </message>
    <message>
        <source>The live lab&apos;s calibrated links: intra α %1 µs, β %2 GB/s; inter α %3 µs, β %4 GB/s</source>
        <translation>实测实验室校准的链路：节点内 α %1 µs、β %2 GB/s；节点间 α %3 µs、β %4 GB/s</translation>
    </message>
</context>
<context>
    <name>tutor::app::CollectivesController</name>
    <message>
        <source>No schedule: the request has problems (see the readout).</source>
        <translation>没有调度：请求有问题（见读数）。</translation>
    </message>
    <message>
        <source>More than %1 ranks: the drawing shows the nodes; the figures cover every rank.</source>
        <translation>超过 %1 个 rank：图中只画节点；数字覆盖所有 rank。</translation>
    </message>
</context>
<context>
    <name>tutor::app::CollectivesPanel</name>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 数</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Message size</source>
        <translation>消息大小</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>auto (cheapest)</source>
        <translation>auto（最便宜）</translation>
    </message>
    <message>
        <source>The collective operation to animate and cost</source>
        <translation>要演示并估算开销的集合通信操作</translation>
    </message>
    <message>
        <source>NCCL protocol: LL (low latency), LL128, or Simple (full bandwidth)</source>
        <translation>NCCL 协议：LL（低延迟）、LL128 或 Simple（满带宽）</translation>
    </message>
    <message>
        <source>Number of GPUs taking part; up to 64 are drawn one by one</source>
        <translation>参与的 GPU 数；最多逐个画出 64 个</translation>
    </message>
    <message>
        <source>Number of machines; must divide the number of ranks</source>
        <translation>机器数量；必须整除 rank 数</translation>
    </message>
    <message>
        <source>Message size S as nccl-tests counts it (log scale)</source>
        <translation>消息大小 S，按 nccl-tests 的口径（对数刻度）</translation>
    </message>
    <message>
        <source>Hardware preset: the links inside a node and between nodes</source>
        <translation>硬件预设：节点内和节点间的链路</translation>
    </message>
    <message>
        <source>Intra-node α (µs)</source>
        <translation>节点内 α（µs）</translation>
    </message>
    <message>
        <source>Intra-node β (GB/s)</source>
        <translation>节点内 β（GB/s）</translation>
    </message>
    <message>
        <source>Network α (µs)</source>
        <translation>网络 α（µs）</translation>
    </message>
    <message>
        <source>Network β per NIC (GB/s)</source>
        <translation>每块网卡的网络 β（GB/s）</translation>
    </message>
    <message>
        <source>NICs per node</source>
        <translation>每节点网卡数</translation>
    </message>
    <message>
        <source>In-network reduction</source>
        <translation>网络内归约</translation>
    </message>
    <message>
        <source>preset</source>
        <translation>预设值</translation>
    </message>
    <message>
        <source>Replaces the preset&apos;s figure for a &quot;what if&quot;; the lowest value keeps the preset&apos;s</source>
        <translation>替换预设中的数值，用来做“假如”推演；取最小值即保留预设值</translation>
    </message>
    <message>
        <source>Network cards per node; rings and trees across nodes use one channel per NIC</source>
        <translation>每个节点的网卡数；跨节点的环和树每块网卡用一个通道</translation>
    </message>
    <message>
        <source>SHARP / CollNet</source>
        <translation>SHARP / CollNet</translation>
    </message>
    <message>
        <source>The switches between nodes reduce (NCCL CollNet with SHARP): each node sends S instead of the ring&apos;s 2(n−1)/n·S per GPU</source>
        <translation>由节点间的交换机做归约（NCCL CollNet 配合 SHARP）：每个节点只发送 S，而环算法每块 GPU 要发送 2(n−1)/n·S</translation>
    </message>
    <message>
        <source>%1 (MPI / textbook, not NCCL)</source>
        <translation>%1（MPI / 教科书算法，NCCL 不用）</translation>
    </message>
    <message>
        <source>How the data moves; auto picks the cheapest of NCCL&apos;s own algorithms, as NCCL&apos;s tuner does</source>
        <translation>数据如何流动；auto 像 NCCL 的调优器一样，在 NCCL 自己的算法中选最便宜的</translation>
    </message>
    <message>
        <source>Calibrated: %1</source>
        <translation>已校准：%1</translation>
    </message>
    <message>
        <source>Links fitted to your live-lab measurements (Live lab → Calibrate → Use for predictions)</source>
        <translation>按你在实测实验室的测量拟合出的链路（实测实验室 → 校准 → 用于预测）</translation>
    </message>
    <message>
        <source>One NIC&apos;s β on its own. Replaces the preset&apos;s figure for a &quot;what if&quot;; the lowest value keeps the preset&apos;s. While all of a node&apos;s NICs stream under NCCL&apos;s rings and trees, each keeps the preset&apos;s share of it</source>
        <translation>单块网卡单独工作时的 β。填写它会替换预设的数值，做“假如”推演；最低值表示沿用预设。在 NCCL 的 ring 和 tree 中，一个节点的所有网卡同时传输时，每块网卡只保有它的预设份额</translation>
    </message>
</context>
<context>
    <name>tutor::app::CollectivesStage</name>
    <message>
        <source>The executor found a mismatch: %1</source>
        <translation>执行器发现不一致：%1</translation>
    </message>
    <message>
        <source>No prediction for these parameters:</source>
        <translation>这些参数无法预测：</translation>
    </message>
    <message>
        <source>%1 ranks (%2 × %3 GPUs), S = %4</source>
        <translation>%1 个 rank（%2 × %3 块 GPU），S = %4</translation>
    </message>
    <message>
        <source>α term (latency)</source>
        <translation>α 项（延迟）</translation>
    </message>
    <message>
        <source>steps × per-step latency + protocol base latency</source>
        <translation>步数 × 每步延迟 + 协议基础延迟</translation>
    </message>
    <message>
        <source>β term (bandwidth)</source>
        <translation>β 项（带宽）</translation>
    </message>
    <message>
        <source>bytes on the busiest link ÷ bandwidth</source>
        <translation>最繁忙链路上的字节数 ÷ 带宽</translation>
    </message>
    <message>
        <source>γ term (reduction)</source>
        <translation>γ 项（归约）</translation>
    </message>
    <message>
        <source>bytes reduced ÷ reduction rate</source>
        <translation>归约的字节数 ÷ 归约速率</translation>
    </message>
    <message>
        <source>Total time</source>
        <translation>总时间</translation>
    </message>
    <message>
        <source>algbw</source>
        <translation>algbw</translation>
    </message>
    <message>
        <source>S ÷ time (nccl-tests)</source>
        <translation>S ÷ 时间（nccl-tests）</translation>
    </message>
    <message>
        <source>busbw</source>
        <translation>busbw</translation>
    </message>
    <message>
        <source>algbw × bus factor (nccl-tests)</source>
        <translation>algbw × 总线系数（nccl-tests）</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Sent by busiest rank</source>
        <translation>最繁忙 rank 发送量</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Links calibrated from live-lab measurements.</source>
        <translation>链路已按实测实验室的测量值校准。</translation>
    </message>
    <message>
        <source>✓ The executor checked that the final state equals the definition.</source>
        <translation>✓ 执行器已验证最终状态与定义一致。</translation>
    </message>
    <message>
        <source>✗ The final state does not match the definition.</source>
        <translation>✗ 最终状态与定义不一致。</translation>
    </message>
    <message>
        <source>Fix the parameters to see the drawing.</source>
        <translation>请修正参数以显示图形。</translation>
    </message>
    <message>
        <source>%1 is an MPI / textbook algorithm, not NCCL: NCCL never runs it, so nccl-tests will not show this time.</source>
        <translation>%1 是 MPI / 教科书算法，不是 NCCL 的：NCCL 从不运行它，所以 nccl-tests 不会测出这个时间。</translation>
    </message>
    <message>
        <source>NCCL would pick %1 / %2 here:</source>
        <translation>NCCL 在这里会选 %1 / %2：</translation>
    </message>
    <message>
        <source>NCCL would pick, by size:</source>
        <translation>NCCL 按消息大小的选择：</translation>
    </message>
    <message>
        <source>%1 → %2/%3 %4</source>
        <translation>%1 → %2/%3 %4</translation>
    </message>
    <message>
        <source>Each coloured square is one chunk of a rank&apos;s buffer; its colour says whose input it holds, and its number says which rank that is. A striped chunk holds a reduction of several ranks&apos; inputs: Σ2–5 is the sum of ranks 2 to 5, Σ#4 the sum of four ranks that are not consecutive. Solid green lines are links inside a node (NVLink/PCIe); dashed purple lines cross the network.</source>
        <translation>每个彩色方块是某个 rank 缓冲区中的一个分块：颜色表示它持有谁的输入，数字表示是哪个 rank。条纹分块表示多个 rank 输入的归约：Σ2–5 是 rank 2 到 5 之和，Σ#4 是四个不连续 rank 之和。绿色实线是节点内链路（NVLink/PCIe），紫色虚线跨越网络。</translation>
    </message>
    <message>
        <source>%1: the only algorithm/protocol that can run this</source>
        <translation>%1：唯一能运行它的算法/协议</translation>
    </message>
    <message>
        <source>%1 beats %2</source>
        <translation>%1 胜过 %2</translation>
    </message>
    <message>
        <source>%1, %2: %3 ranks = %4 × %5 GPUs</source>
        <translation>%1，%2：%3 个 rank = %4 × %5 块 GPU</translation>
    </message>
    <message>
        <source>time %1</source>
        <translation>时间 %1</translation>
    </message>
    <message>
        <source>busbw %1 GB/s</source>
        <translation>busbw %1 GB/s</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <source>; this fabric&apos;s tuner plugin chooses by the time a call takes</source>
        <translation>；该网络的调优插件按调用实际耗时来选择</translation>
    </message>
    <message>
        <source> in NCCL&apos;s own estimate (its tuner&apos;s figures; the time shown adds the measured launch and low-latency (LL, LL128) costs, the chunk pipeline, the tree&apos;s fill and the fabric&apos;s own measured network costs)</source>
        <translation>（按 NCCL 自己的估算，即其 tuner 的数字；显示的时间另加了实测的启动开销与低延迟协议（LL、LL128）开销、分块流水线、树的填充时间和该网络实测的额外开销）</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>; this fabric&apos;s NCCL setup allows only the %1 protocol (NCCL_PROTO)</source>
        <translation>；该网络的 NCCL 配置只允许 %1 协议（NCCL_PROTO）</translation>
    </message>
    <message>
        <source>; this fabric&apos;s NCCL setup allows only the %1 protocols (NCCL_PROTO)</source>
        <translation>；该网络的 NCCL 配置只允许 %1 协议（NCCL_PROTO）</translation>
    </message>
    <message>
        <source>; this fabric&apos;s NCCL setup allows only %1 (NCCL_ALGO)</source>
        <translation>；该网络的 NCCL 配置只允许 %1（NCCL_ALGO）</translation>
    </message>
</context>
<context>
    <name>tutor::app::Formula</name>
    <message>
        <source>NCCL model (tuning.cc): latency</source>
        <translation>NCCL 模型（tuning.cc）：延迟</translation>
    </message>
    <message>
        <source> (full overlap) and </source>
        <translation>（完全重叠）与 </translation>
    </message>
    <message>
        <source>network pipeline</source>
        <translation>网络流水线</translation>
    </message>
    <message>
        <source>bus bandwidth</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <source>, pipelined over </source>
        <translation>，流水线分成 </translation>
    </message>
    <message>
        <source> chunks: </source>
        <translation> 块：</translation>
    </message>
    <message>
        <source>, between </source>
        <translation>，介于 </translation>
    </message>
    <message>
        <source> (none)</source>
        <translation>（不重叠）之间</translation>
    </message>
    <message>
        <source>pipelined(</source>
        <translation>流水线(</translation>
    </message>
    <message>
        <source>t = base </source>
        <translation>t = 基础延迟 </translation>
    </message>
    <message>
        <source>chunk pipeline</source>
        <translation>分块流水线</translation>
    </message>
    <message>
        <source>tree fill</source>
        <translation>树的填充</translation>
    </message>
    <message>
        <source>tree chunks across the network</source>
        <translation>跨网络的树分块</translation>
    </message>
    <message>
        <source>LL across the network</source>
        <translation>跨网络的 LL 步</translation>
    </message>
</context>
<context>
    <name>tutor::app::InterviewPage</name>
    <message>
        <source>Type a number in %1.</source>
        <translation>请在 %1 中输入数字。</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>单选题</translation>
    </message>
    <message>
        <source>Numeric (computed by the model)</source>
        <translation>数值题（由模型计算）</translation>
    </message>
    <message>
        <source>Open question — answer aloud in %1 s</source>
        <translation>开放题——请在 %1 秒内口头作答</translation>
    </message>
    <message>
        <source>%1 s left</source>
        <translation>剩余 %1 秒</translation>
    </message>
    <message>
        <source>**Correct.**</source>
        <translation>**正确。**</translation>
    </message>
    <message>
        <source>**Not quite.**</source>
        <translation>**不太对。**</translation>
    </message>
    <message>
        <source>Answer: %1. %2</source>
        <translation>答案：%1。%2</translation>
    </message>
    <message>
        <source>Model answer: %1 (tolerance ±%2 %).

%3</source>
        <translation>参考答案：%1（容差 ±%2 %）。

%3</translation>
    </message>
    <message>
        <source>**Model answer**</source>
        <translation>**参考答案**</translation>
    </message>
    <message>
        <source>**Key points**</source>
        <translation>**要点**</translation>
    </message>
    <message>
        <source>Did your answer cover them? Grade yourself.</source>
        <translation>你的回答覆盖了这些要点吗？请自评。</translation>
    </message>
    <message>
        <source>All questions</source>
        <translation>全部题目</translation>
    </message>
    <message>
        <source>Numeric</source>
        <translation>数值题</translation>
    </message>
    <message>
        <source>Open (60-second drill)</source>
        <translation>开放题（60 秒练习）</translation>
    </message>
    <message>
        <source>Which kind of question comes next</source>
        <translation>下一题的类型</translation>
    </message>
    <message>
        <source>Show model answer</source>
        <translation>显示参考答案</translation>
    </message>
    <message>
        <source>I had it</source>
        <translation>我答对了</translation>
    </message>
    <message>
        <source>I missed it</source>
        <translation>我没答出</translation>
    </message>
    <message>
        <source>Check answer</source>
        <translation>检查答案</translation>
    </message>
    <message>
        <source>Show me in the lesson</source>
        <translation>在课程中演示</translation>
    </message>
    <message>
        <source>Next question ▶</source>
        <translation>下一题 ▶</translation>
    </message>
    <message>
        <source>Missed questions come back first</source>
        <translation>答错的题优先再出现</translation>
    </message>
    <message>
        <source>It comes back in this session&apos;s review.</source>
        <translation>它会在本次复习中再出现。</translation>
    </message>
    <message numerus="yes">
        <source>Next review in %n day(s).</source>
        <translation>
            <numerusform>%n 天后再复习。</numerusform>
        </translation>
    </message>
    <message>
        <source>Answered %1 · correct %2 · due today %3</source>
        <translation>已答 %1 · 答对 %2 · 今日待复习 %3</translation>
    </message>
    <message>
        <source> · next review %1</source>
        <translation> · 下次复习 %1</translation>
    </message>
    <message>
        <source>seed 000, the 60-second answer</source>
        <translation>素材 000，60 秒回答</translation>
    </message>
    <message>
        <source>seed %1, follow-up %2</source>
        <translation>素材 %1，追问 %2</translation>
    </message>
    <message>
        <source>seed %1, question %2</source>
        <translation>素材 %1，第 %2 题</translation>
    </message>
    <message>
        <source>seed %1, interview quote %2</source>
        <translation>素材 %1，面试引语 %2</translation>
    </message>
    <message>
        <source>Quiz on lesson %1: %2 of %3 questions answered</source>
        <translation>第 %1 课测验：已答 %2/%3 题</translation>
    </message>
    <message>
        <source>All lessons</source>
        <translation>全部课程</translation>
    </message>
    <message>
        <source>Questions from every lesson again</source>
        <translation>重新出所有课程的题目</translation>
    </message>
    <message>
        <source>Design question — graded against the layout search</source>
        <translation>设计题——按布局搜索评分</translation>
    </message>
    <message>
        <source>**%1**: %2 per step, MFU %3</source>
        <translation>**%1**：每步 %2，MFU %3</translation>
    </message>
    <message>
        <source>Fastest layout the search finds: %1.</source>
        <translation>布局搜索找到的最快布局：%1。</translation>
    </message>
    <message>
        <source>Yours, %1, at its best: %2 — %3 of the fastest step.</source>
        <translation>你的 %1 在最佳设置下：%2——是最快步长的 %3。</translation>
    </message>
    <message>
        <source>Yours, %1, cannot run: %2.</source>
        <translation>你的 %1 无法运行：%2。</translation>
    </message>
    <message>
        <source>Full credit (within 5 %).</source>
        <translation>满分（差距在 5 % 以内）。</translation>
    </message>
    <message>
        <source>Half credit (within 25 %).</source>
        <translation>半分（差距在 25 % 以内）。</translation>
    </message>
    <message>
        <source>No credit.</source>
        <translation>不得分。</translation>
    </message>
    <message>
        <source>Design (choose the layout)</source>
        <translation>设计题（选择并行布局）</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Grading against the layout search…</source>
        <translation>正在按布局搜索评分…</translation>
    </message>
</context>
<context>
    <name>tutor::app::LayoutTableModel</name>
    <message>
        <source>Double-click to open this layout on the Training page</source>
        <translation>双击在“训练步”页打开这个布局</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Memory/GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Exposed TP</source>
        <translation>暴露的 TP</translation>
    </message>
    <message>
        <source>Exposed DP</source>
        <translation>暴露的 DP</translation>
    </message>
    <message>
        <source>Exposed PP</source>
        <translation>暴露的 PP</translation>
    </message>
    <message>
        <source>Exposed EP</source>
        <translation>暴露的 EP</translation>
    </message>
    <message>
        <source>Exposed CP</source>
        <translation>暴露的 CP</translation>
    </message>
</context>
<context>
    <name>tutor::app::LessonStage</name>
    <message>
        <source>No lessons folder was found. Set TUTOR_LESSONS_DIR to the `lessons` folder.</source>
        <translation>找不到课程文件夹。请把 TUTOR_LESSONS_DIR 设为 `lessons` 文件夹。</translation>
    </message>
    <message>
        <source>Lessons could not be loaded: %1</source>
        <translation>无法加载课程：%1</translation>
    </message>
    <message>
        <source>Questions could not be loaded: %1</source>
        <translation>无法加载题目：%1</translation>
    </message>
    <message>
        <source>%1 of %2 lessons done</source>
        <translation>已完成 %1 / %2 课</translation>
    </message>
    <message>
        <source>&lt;p&gt;This scene cannot be shown:&lt;/p&gt;&lt;pre&gt;%1&lt;/pre&gt;</source>
        <translation>&lt;p&gt;无法显示此场景：&lt;/p&gt;&lt;pre&gt;%1&lt;/pre&gt;</translation>
    </message>
    <message>
        <source>✓ Done (%1). Continue with Next.</source>
        <translation>✓ 完成（%1）。点击“下一步”继续。</translation>
    </message>
    <message>
        <source>Not yet: now %1. Hint: %2</source>
        <translation>还没有：当前 %1。提示：%2</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Finish lesson ✓</source>
        <translation>完成本课 ✓</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Interview</source>
        <translation>面试</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Change the scene and check the task</source>
        <translation>修改场景并检查任务</translation>
    </message>
    <message>
        <source>Next step (enabled once the task is done)</source>
        <translation>下一步（完成任务后可用）</translation>
    </message>
    <message>
        <source>Previous step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Lessons; ✓ marks the ones you finished</source>
        <translation>课程列表；✓ 表示已完成</translation>
    </message>
    <message>
        <source>before the change</source>
        <translation>修改之前</translation>
    </message>
    <message>
        <source>this step</source>
        <translation>当前这一步</translation>
    </message>
    <message>
        <source>Part %1 of %2</source>
        <translation>第 %1/%2 部分</translation>
    </message>
</context>
<context>
    <name>tutor::app::LiveLabClient</name>
    <message>
        <source>1 result received before is kept</source>
        <translation>之前收到的 1 条结果已保留</translation>
    </message>
    <message>
        <source>%1 results received before are kept</source>
        <translation>之前收到的 %1 条结果已保留</translation>
    </message>
    <message>
        <source>The worker speaks another protocol version: %1</source>
        <translation>实测进程使用另一版本的协议：%1</translation>
    </message>
    <message>
        <source>Skipped a record with an out-of-range value: %1</source>
        <translation>跳过了一条取值越界的记录：%1</translation>
    </message>
    <message>
        <source>Ignored a line that is not a live-lab record: %1</source>
        <translation>忽略了一行不是实测记录的输出：%1</translation>
    </message>
    <message>
        <source>Skipped a measurement of unknown collective or type: %1 / %2</source>
        <translation>跳过了一条集合通信或数据类型未知的测量：%1 / %2</translation>
    </message>
    <message>
        <source>Skipped a record of unknown type &quot;%1&quot; (a newer worker?)</source>
        <translation>跳过了一条类型未知的记录“%1”（实测进程版本更新？）</translation>
    </message>
    <message>
        <source>Cannot start %1: %2. Build commtutor-live or point TUTOR_LIVE_WORKER at it.</source>
        <translation>无法启动 %1：%2。请构建 commtutor-live，或用 TUTOR_LIVE_WORKER 指向它。</translation>
    </message>
    <message>
        <source>the output ends in the middle of a line</source>
        <translation>输出在一行的中间结束</translation>
    </message>
    <message>
        <source>Cancelled; %1.</source>
        <translation>已取消；%1。</translation>
    </message>
    <message>
        <source>The worker printed nothing for %1 s and was stopped (a hung collective?); %2.</source>
        <translation>实测进程 %1 秒没有任何输出，已被停止（集合通信卡住了？）；%2。</translation>
    </message>
    <message>
        <source>The worker printed a line longer than %1 bytes and was stopped: its output is not the live-lab protocol; %2.</source>
        <translation>实测进程输出了超过 %1 字节的一行，已被停止：它的输出不是实测协议；%2。</translation>
    </message>
    <message>
        <source> on rank %1</source>
        <translation>（rank %1）</translation>
    </message>
    <message>
        <source> — %1 (exit %2)</source>
        <translation> — %1（退出码 %2）</translation>
    </message>
    <message>
        <source>%1%2%3%4; %5.</source>
        <translation>%1%2%3%4；%5。</translation>
    </message>
    <message>
        <source>The worker crashed after %1 result(s); %2.%3</source>
        <translation>实测进程在 %1 条结果之后崩溃；%2。%3</translation>
    </message>
    <message>
        <source>The worker exited with code %1 (%2) without reporting an error; %3.%4</source>
        <translation>实测进程以退出码 %1（%2）结束，却没有报告错误；%3。%4</translation>
    </message>
    <message>
        <source>The worker exited with code %1 (%2) after its final &quot;done&quot; record; %3.%4</source>
        <translation>实测进程在最后的“done”记录之后以退出码 %1（%2）结束；%3。%4</translation>
    </message>
    <message>
        <source>its output is not the live-lab protocol (%1)</source>
        <translation>它的输出不是实测协议（%1）</translation>
    </message>
    <message>
        <source>it ended without its final &quot;done&quot; record</source>
        <translation>它结束时没有最后的“done”记录</translation>
    </message>
    <message>
        <source>The worker stopped early: %1; %2.</source>
        <translation>实测进程提前结束：%1；%2。</translation>
    </message>
    <message>
        <source>The correctness check found %1 wrong element(s); %2.</source>
        <translation>正确性检查发现 %1 个错误元素；%2。</translation>
    </message>
    <message>
        <source>%1 record(s) had out-of-range values and were skipped (first: %2); %3.</source>
        <translation>%1 条记录取值越界，已跳过（第一条：%2）；%3。</translation>
    </message>
    <message>
        <source>%1 measurement(s), average bus bandwidth %2 GB/s.</source>
        <translation>%1 条测量，平均总线带宽 %2 GB/s。</translation>
    </message>
    <message>
        <source> %1 line(s) were not protocol records and were ignored.</source>
        <translation> %1 行不是协议记录，已忽略。</translation>
    </message>
    <message>
        <source>success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>a bad flag or value</source>
        <translation>参数或取值有误</translation>
    </message>
    <message>
        <source>this backend is not built into the worker</source>
        <translation>实测进程没有编译这个后端</translation>
    </message>
    <message>
        <source>no CUDA device, or fewer GPUs than asked</source>
        <translation>没有 CUDA 设备，或 GPU 少于所需数量</translation>
    </message>
    <message>
        <source>a CUDA, NCCL or MPI call failed</source>
        <translation>CUDA、NCCL 或 MPI 调用失败</translation>
    </message>
    <message>
        <source>the correctness check found wrong elements</source>
        <translation>正确性检查发现错误元素</translation>
    </message>
    <message>
        <source>the worker&apos;s watchdog aborted a hung collective</source>
        <translation>实测进程的看门狗中止了卡住的集合通信</translation>
    </message>
    <message>
        <source>the ranks do not match the request</source>
        <translation>rank 与请求不符</translation>
    </message>
    <message>
        <source>the buffers do not fit in memory, or allocating them failed</source>
        <translation>缓冲区放不进内存，或分配失败</translation>
    </message>
    <message>
        <source>an unexpected exception in the worker</source>
        <translation>实测进程出现意外异常</translation>
    </message>
    <message>
        <source>unknown exit code</source>
        <translation>未知退出码</translation>
    </message>
    <message>
        <source>must be at most %1 (1 TiB, the worker&apos;s largest size)</source>
        <translation>不能超过 %1（1 TiB，实测进程支持的最大尺寸）</translation>
    </message>
    <message>
        <source>must not exceed measurement.bytes = %1 (an element has at least one byte)</source>
        <translation>不能超过 measurement.bytes = %1（每个元素至少一个字节）</translation>
    </message>
    <message>
        <source>must equal hello.ranks = %1</source>
        <translation>必须等于 hello.ranks = %1</translation>
    </message>
    <message>
        <source>must not exceed count × ranks = %1</source>
        <translation>不能超过 count × ranks = %1</translation>
    </message>
    <message>
        <source>must not exceed progress.total = %1</source>
        <translation>不能超过 progress.total = %1</translation>
    </message>
    <message>
        <source>must be a percentage from 0 to 100</source>
        <translation>必须是 0 到 100 之间的百分数</translation>
    </message>
    <message>
        <source>the run ended, but its -J file could not be written</source>
        <translation>实测已结束，但它的 -J 文件无法写入</translation>
    </message>
</context>
<context>
    <name>tutor::app::LiveLabSession</name>
    <message>
        <source>Opened %1 measurement(s) from %2</source>
        <translation>已从 %2 打开 %1 条测量</translation>
    </message>
    <message>
        <source>Sizes: from %1 B to %2 B: each must be at least 1 B, the first not above the second</source>
        <translation>大小：从 %1 B 到 %2 B：每个至少 1 B，且前者不大于后者</translation>
    </message>
    <message>
        <source>Imported %1 measurement(s) from %2 (%3 run(s))</source>
        <translation>从 %2 导入了 %1 条测量（%3 次运行）</translation>
    </message>
    <message>
        <source>; skipped runs without op or ranks:
</source>
        <translation>；跳过了缺少通信类型或 rank 数的运行：
</translation>
    </message>
    <message>
        <source>; skipped:
</source>
        <translation>；已跳过：
</translation>
    </message>
    <message>
        <source>No interrupted live run to restore.</source>
        <translation>没有可恢复的中断实测。</translation>
    </message>
    <message>
        <source>interrupted run of %1</source>
        <translation>%1 中断的实测</translation>
    </message>
    <message numerus="yes">
        <source>Restored %n measurement(s) of the live run from %1</source>
        <translation>
            <numerusform>已恢复 %1 那次实测的 %n 条测量</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n damaged line(s) skipped</source>
        <translation>
            <numerusform>；跳过了 %n 行损坏的记录</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: cannot be removed</source>
        <translation>%1：无法删除</translation>
    </message>
    <message>
        <source>The live run is not being journalled: %1</source>
        <translation>本次实测没有写入日志：%1</translation>
    </message>
    <message>
        <source>live run %1</source>
        <translation>实测运行 %1</translation>
    </message>
</context>
<context>
    <name>tutor::app::LiveLabStage</name>
    <message>
        <source>Bus bandwidth vs size</source>
        <translation>总线带宽与大小</translation>
    </message>
    <message>
        <source>Time vs size</source>
        <translation>时间与大小</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>Sizes: from %1 to %2: each must be a size such as 8, 64K or 1G, the first not above the second</source>
        <translation>大小：从 %1 到 %2：每个都必须是 8、64K 或 1G 这样的大小，且前者不大于后者</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>启动中…</translation>
    </message>
    <message>
        <source>Starting %1</source>
        <translation>正在启动 %1</translation>
    </message>
    <message>
        <source>%1 of %2 — %3%4</source>
        <translation>%1 / %2 — %3%4</translation>
    </message>
    <message>
        <source>, in-place</source>
        <translation>，原地</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Cannot calibrate: %1</source>
        <translation>无法校准：%1</translation>
    </message>
    <message>
        <source>Fit of %1 at %2 ranks: α = %3 µs per step, β = %4 GB/s (bus), median error %5 %, worst %6 %.</source>
        <translation>%1 在 %2 个 rank 上的拟合：α = 每步 %3 µs，β = %4 GB/s（总线），误差中位数 %5 %，最大 %6 %。</translation>
    </message>
    <message>
        <source> Every other size held back: median error %1 %.</source>
        <translation> 每隔一个大小留出验证：误差中位数 %1 %。</translation>
    </message>
    <message>
        <source>The model now uses the calibrated links (saved to %1).</source>
        <translation>模型现在使用校准后的链路（已保存到 %1）。</translation>
    </message>
    <message>
        <source>compute (µs)</source>
        <translation>计算（µs）</translation>
    </message>
    <message>
        <source>collective alone (µs)</source>
        <translation>单独集合通信（µs）</translation>
    </message>
    <message>
        <source>both together, overall (µs)</source>
        <translation>两者同时，总计（µs）</translation>
    </message>
    <message>
        <source>overlap, HTA (%)</source>
        <translation>重叠，HTA（%）</translation>
    </message>
    <message>
        <source>overlap, OSU (%)</source>
        <translation>重叠，OSU（%）</translation>
    </message>
    <message>
        <source>compute slowdown (×)</source>
        <translation>计算减速（×）</translation>
    </message>
    <message>
        <source>collective slowdown (×)</source>
        <translation>集合通信减速（×）</translation>
    </message>
    <message>
        <source>MPI (CPU, any machine)</source>
        <translation>MPI（CPU，任何机器）</translation>
    </message>
    <message>
        <source>NCCL (GPUs)</source>
        <translation>NCCL（GPU）</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>MPI processes, or GPUs for NCCL</source>
        <translation>MPI 进程数，或 NCCL 的 GPU 数</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 数</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>MPI hosts file</source>
        <translation>MPI 主机文件</translation>
    </message>
    <message>
        <source>Hosts file</source>
        <translation>主机文件</translation>
    </message>
    <message>
        <source>8, 64K, 8M, 1G (K/M/G are powers of 1024, as in nccl-tests)</source>
        <translation>8、64K、8M、1G（K/M/G 为 1024 的幂，与 nccl-tests 相同）</translation>
    </message>
    <message>
        <source>From size</source>
        <translation>起始大小</translation>
    </message>
    <message>
        <source>To size</source>
        <translation>结束大小</translation>
    </message>
    <message>
        <source>Size factor</source>
        <translation>大小倍数</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代次数</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Check every result</source>
        <translation>检查每个结果</translation>
    </message>
    <message>
        <source>Also in-place</source>
        <translation>同时测原地</translation>
    </message>
    <message>
        <source>Overlap experiment</source>
        <translation>重叠实验</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>The worker aborts a collective that makes no progress for this long (0: never)</source>
        <translation>集合通信超过这么久没有进展时，工作进程会中止它（0：从不）</translation>
    </message>
    <message>
        <source>Time-out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>The hardware the model&apos;s prediction is drawn for</source>
        <translation>模型预测所对应的硬件</translation>
    </message>
    <message>
        <source>Compare with</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Use for predictions</source>
        <translation>用于预测</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Import nccl-tests…</source>
        <translation>导入 nccl-tests…</translation>
    </message>
    <message>
        <source>Measurements (*.jsonl *.json);;All files (*)</source>
        <translation>测量文件 (*.jsonl *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open measurements</source>
        <translation>打开测量</translation>
    </message>
    <message>
        <source>Save measurements</source>
        <translation>保存测量</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Import an nccl-tests log or -J JSON</source>
        <translation>导入 nccl-tests 日志或 -J JSON</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Live lab.&lt;/b&gt; Real collectives on this machine (MPI) or its GPUs (NCCL). Time is the mean per call of the slowest rank; &lt;i&gt;algbw&lt;/i&gt; = S / t; &lt;i&gt;busbw&lt;/i&gt; = algbw × 2(n−1)/n for AllReduce, (n−1)/n for ReduceScatter, AllGather and AllToAll — comparable with the link&apos;s bandwidth, as nccl-tests reports it. &lt;b&gt;Calibrate&lt;/b&gt; fits t(S) = L + S·F/β to the rows (least absolute relative error); where the library switches protocol with size, each size range gets its own line, as many as the data supports. It shows the error per size; &lt;b&gt;Use for predictions&lt;/b&gt; puts the fitted α (of the small sizes) and β (of the large sizes) into the model.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;实测实验室。&lt;/b&gt;在本机（MPI）或其 GPU（NCCL）上运行真实的集合通信。时间是最慢 rank 每次调用的平均值；&lt;i&gt;algbw&lt;/i&gt; = S / t；&lt;i&gt;busbw&lt;/i&gt; = algbw × 2(n−1)/n（AllReduce），ReduceScatter、AllGather 和 AllToAll 为 (n−1)/n——可与链路带宽比较，与 nccl-tests 的报告方式相同。&lt;b&gt;校准&lt;/b&gt;用各行数据拟合 t(S) = L + S·F/β（最小化相对误差的绝对值）；当通信库随消息大小切换协议时，每个大小区间各拟合一条直线，区间数由数据决定。它给出每个大小的误差；&lt;b&gt;用于预测&lt;/b&gt;把拟合出的 α（小消息区间）和 β（大消息区间）放入模型。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>β = %1 GB/s</source>
        <translation>β = %1 GB/s</translation>
    </message>
    <message>
        <source>latency-bound</source>
        <translation>受延迟限制</translation>
    </message>
    <message>
        <source>%1 – %2: α = %3 µs, %4</source>
        <translation>%1 – %2：α = %3 µs，%4</translation>
    </message>
    <message>
        <source> %1 size ranges (protocols), each its own line: %2.</source>
        <comment>ranges joined by semicolons</comment>
        <translation> 共 %1 个大小区间（协议），各有一条拟合直线：%2。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>No model prediction on this preset: %1</source>
        <translation>此预设下没有模型预测：%1</translation>
    </message>
    <message>
        <source>nccl-tests output (*.txt *.log *.out *.json *.dat.*);;All files (*)</source>
        <translation>nccl-tests 输出 (*.txt *.log *.out *.json *.dat.*);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import cancelled: %1</source>
        <translation>已取消导入：%1</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Start a new run</source>
        <translation>开始新的实测</translation>
    </message>
    <message numerus="yes">
        <source>The interrupted live run with %n measurement(s) has not been restored. Start a new run and discard it?</source>
        <translation>
            <numerusform>中断的实测（%n 条测量）尚未恢复。开始新的实测并丢弃它吗？</numerusform>
        </translation>
    </message>
    <message>
        <source>an earlier session</source>
        <translation>之前的会话</translation>
    </message>
    <message numerus="yes">
        <source>A live run from %1 was interrupted with %n measurement(s).</source>
        <translation>
            <numerusform>%1 的一次实测中断了，已有 %n 条测量。</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped after %1 of %2</source>
        <translation>在 %2 个中的第 %1 个处停止</translation>
    </message>
    <message>
        <source>α = %1 µs per step is above 1 ms: a collective starts in microseconds, so the run was disturbed (other jobs, swapping) or its small sizes are missing.</source>
        <translation>α = 每步 %1 µs，超过 1 ms：集合通信的启动只需微秒级，所以这次运行受到了干扰（其他任务、换页），或缺少小尺寸。</translation>
    </message>
    <message>
        <source>β = %1 GB/s is above the %2 GB/s link of the comparison hardware: check the rank count, or compare with the hardware the run used.</source>
        <translation>β = %1 GB/s 高于对比硬件 %2 GB/s 的链路：请检查 rank 数，或与实际运行的硬件对比。</translation>
    </message>
    <message>
        <source>β = %1 GB/s is far above the best measured %2 GB/s: the large sizes are missing, so β is a guess beyond the data; extend the sweep.</source>
        <translation>β = %1 GB/s 远高于实测最好的 %2 GB/s：缺少大尺寸，β 只是数据之外的猜测；请扩大扫描范围。</translation>
    </message>
    <message>
        <source>The line misses the rows by a median %1 %: the run is noisy or mixes regimes the fit cannot separate.</source>
        <translation>直线与各行的中位误差为 %1 %：这次运行噪声大，或混合了拟合无法分开的不同区间。</translation>
    </message>
    <message>
        <source>Implausible: compute and collective together took less than compute alone. The timings are noisy; run more iterations.</source>
        <translation>不合理：计算和集合通信一起用的时间比单独计算还短。计时噪声大，请增加迭代次数。</translation>
    </message>
    <message>
        <source>Implausible: an overlap share is between 0 and 100 %.</source>
        <translation>不合理：重叠比例应在 0 到 100 % 之间。</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n row(s)</source>
        <translation>
            <numerusform>%1 · %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>Shown in the table, predicted and calibrated</source>
        <translation>显示在表格中，用于预测和校准</translation>
    </message>
    <message>
        <source>Runs (check to compare, click to show)</source>
        <translation>运行记录（勾选以对比，点击以显示）</translation>
    </message>
    <message>
        <source>Remove run</source>
        <translation>移除运行</translation>
    </message>
    <message>
        <source>Undo remove</source>
        <translation>撤销移除</translation>
    </message>
    <message>
        <source>Removed %1 (Undo remove puts it back)</source>
        <translation>已移除 %1（“撤销移除”可恢复）</translation>
    </message>
    <message>
        <source>Run put back</source>
        <translation>运行已恢复</translation>
    </message>
</context>
<context>
    <name>tutor::app::LiveRunJournal</name>
    <message>
        <source>%1: cannot be written: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>no run was started</source>
        <translation>尚未开始实测</translation>
    </message>
</context>
<context>
    <name>tutor::app::MainWindow</name>
    <message>
        <source>step %1 / %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <source>%1 / %2 ms</source>
        <translation>%1 / %2 毫秒</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in %1; the previous scenario stays open:</source>
        <translation>
            <numerusform>%1 中有 %n 个问题；仍保留之前的场景：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in %1</source>
        <translation>
            <numerusform>%1 中有 %n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to export.</source>
        <translation>没有可导出的内容。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>%1: the file name must end in .png or .svg.</source>
        <translation>%1：文件名必须以 .png 或 .svg 结尾。</translation>
    </message>
    <message>
        <source>commtutor — see communication in distributed training</source>
        <translation>commtutor — 看见分布式训练中的通信</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Recent scenarios</source>
        <translation>最近的场景</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Playback</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a training scenario (JSON) in the Training step page</source>
        <translation>在“训练步”页面打开训练场景（JSON）</translation>
    </message>
    <message>
        <source>&amp;Save scenario…</source>
        <translation>保存场景(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the current training scenario as JSON</source>
        <translation>把当前训练场景保存为 JSON</translation>
    </message>
    <message>
        <source>Export view as &amp;PNG…</source>
        <translation>导出视图为 PNG(&amp;P)…</translation>
    </message>
    <message>
        <source>Save the current page as a PNG image</source>
        <translation>把当前页面保存为 PNG 图片</translation>
    </message>
    <message>
        <source>Export view as S&amp;VG…</source>
        <translation>导出视图为 SVG(&amp;V)…</translation>
    </message>
    <message>
        <source>Save the current page as an SVG drawing</source>
        <translation>把当前页面保存为 SVG 矢量图</translation>
    </message>
    <message>
        <source>Export timeline as Chrome &amp;trace…</source>
        <translation>导出时间线为 Chrome trace(&amp;T)…</translation>
    </message>
    <message>
        <source>Save the simulated step for Perfetto or chrome://tracing</source>
        <translation>保存模拟的训练步，供 Perfetto 或 chrome://tracing 打开</translation>
    </message>
    <message>
        <source>Export timeline as &amp;CSV…</source>
        <translation>导出时间线为 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Save the simulated step&apos;s events as CSV</source>
        <translation>把模拟训练步的事件保存为 CSV</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Close commtutor</source>
        <translation>关闭 commtutor</translation>
    </message>
    <message>
        <source>Training &amp;timeline</source>
        <translation>训练时间线(&amp;T)</translation>
    </message>
    <message>
        <source>Show the training step as a Gantt chart</source>
        <translation>以甘特图显示训练步</translation>
    </message>
    <message>
        <source>Training c&amp;harts</source>
        <translation>训练图表(&amp;H)</translation>
    </message>
    <message>
        <source>Show bandwidth, breakdown and sweep charts</source>
        <translation>显示带宽、分解和扫描图表</translation>
    </message>
    <message>
        <source>&amp;Light theme</source>
        <translation>浅色主题(&amp;L)</translation>
    </message>
    <message>
        <source>Dark text on a light background (good for projectors)</source>
        <translation>浅色背景深色文字（适合投影）</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>深色主题(&amp;D)</translation>
    </message>
    <message>
        <source>Light text on a dark background</source>
        <translation>深色背景浅色文字</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Make the drawing larger (+)</source>
        <translation>放大图形（+）</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Make the drawing smaller (−)</source>
        <translation>缩小图形（−）</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>Play or pause the animation (Space)</source>
        <translation>播放或暂停动画（空格）</translation>
    </message>
    <message>
        <source>Step &amp;forward</source>
        <translation>前进一步(&amp;F)</translation>
    </message>
    <message>
        <source>Step &amp;back</source>
        <translation>后退一步(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>重新开始(&amp;R)</translation>
    </message>
    <message>
        <source>Back to the start (Home)</source>
        <translation>回到开头（Home）</translation>
    </message>
    <message>
        <source>&amp;Loop</source>
        <translation>循环(&amp;L)</translation>
    </message>
    <message>
        <source>Start again when the end is reached (L)</source>
        <translation>到结尾后从头再来（L）</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>加快(&amp;F)</translation>
    </message>
    <message>
        <source>Double the playback speed (])</source>
        <translation>播放速度加倍（]）</translation>
    </message>
    <message>
        <source>&amp;Slower</source>
        <translation>减慢(&amp;S)</translation>
    </message>
    <message>
        <source>Halve the playback speed ([)</source>
        <translation>播放速度减半（[）</translation>
    </message>
    <message>
        <source>Show the interface in English</source>
        <translation>以英文显示界面</translation>
    </message>
    <message>
        <source>Show the interface in Simplified Chinese</source>
        <translation>以简体中文显示界面</translation>
    </message>
    <message>
        <source>commtutor &amp;help</source>
        <translation>commtutor 帮助(&amp;H)</translation>
    </message>
    <message>
        <source>How to use the pages and the keyboard (F1)</source>
        <translation>如何使用各页面和键盘（F1）</translation>
    </message>
    <message>
        <source>&amp;About commtutor</source>
        <translation>关于 commtutor(&amp;A)</translation>
    </message>
    <message>
        <source>Version and licence</source>
        <translation>版本和许可</translation>
    </message>
    <message>
        <source>Navigator</source>
        <translation>导航</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>Scenarios opened recently</source>
        <translation>最近打开的场景</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>场景 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>Export Chrome trace</source>
        <translation>导出 Chrome trace</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <source>Chrome traces (*.json)</source>
        <translation>Chrome trace (*.json)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>commtutor help</source>
        <translation>commtutor 帮助</translation>
    </message>
    <message>
        <source>About commtutor</source>
        <translation>关于 commtutor</translation>
    </message>
    <message>
        <source>&lt;h3&gt;commtutor %1&lt;/h3&gt;&lt;p&gt;See communication in distributed training: collectives, training steps and live measurements from one α-β cost model.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;commtutor %1&lt;/h3&gt;&lt;p&gt;看见分布式训练中的通信：集合通信、训练步和实测，都出自同一个 α-β 开销模型。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Calibrated links now used for the Collectives predictions.</source>
        <translation>集合通信页面的预测现在使用校准后的链路。</translation>
    </message>
    <message>
        <source>Go to the &amp;end</source>
        <translation>跳到结尾(&amp;E)</translation>
    </message>
    <message>
        <source>Show the final state (End)</source>
        <translation>显示最终状态（End）</translation>
    </message>
    <message>
        <source>&amp;Jump to step…</source>
        <translation>跳到某一步(&amp;J)…</translation>
    </message>
    <message>
        <source>Go straight to one step of the animation (Ctrl+G)</source>
        <translation>直接跳到动画的某一步（Ctrl+G）</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Every key of the window (?)</source>
        <translation>窗口的所有按键（?）</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Jump to step</source>
        <translation>跳到某一步</translation>
    </message>
    <message>
        <source>Step (0 = the start, %1 = the end):</source>
        <translation>步（0 = 开始，%1 = 结尾）：</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>演示(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen with the stage and the explanation only; click to point, PageUp/PageDown step (F5, Esc leaves)</source>
        <translation>全屏只显示舞台和讲解；单击可作激光笔，PageUp/PageDown 逐步（F5，Esc 退出）</translation>
    </message>
    <message>
        <source>Present on the &amp;second screen</source>
        <translation>在第二块屏幕上演示(&amp;S)</translation>
    </message>
    <message>
        <source>With two screens: the stage on the projector, the parameters stay on this screen</source>
        <translation>有两块屏幕时：舞台放到投影上，参数留在本屏</translation>
    </message>
    <message>
        <source>Larger text for the room</source>
        <translation>放大文字（面向教室）</translation>
    </message>
    <message>
        <source>Scale the text up while presenting (1× to 2.5×)</source>
        <translation>演示时放大文字（1× 到 2.5×）</translation>
    </message>
    <message>
        <source>Smaller text for the room</source>
        <translation>缩小文字（面向教室）</translation>
    </message>
    <message>
        <source>Scale the text down while presenting</source>
        <translation>演示时缩小文字</translation>
    </message>
    <message>
        <source>Leave presenter mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <source>Back to the window as it was (Esc)</source>
        <translation>回到原来的窗口（Esc）</translation>
    </message>
    <message>
        <source>Advance one step (→ or PageDown)</source>
        <translation>前进一步（→ 或 PageDown）</translation>
    </message>
    <message>
        <source>Go back one step (← or PageUp)</source>
        <translation>后退一步（← 或 PageUp）</translation>
    </message>
    <message>
        <source>Export &amp;animation…</source>
        <translation>导出动画(&amp;A)…</translation>
    </message>
    <message>
        <source>Record the page playing from start to end: GIF, or MP4 / WebM with ffmpeg (Ctrl+Shift+A)</source>
        <translation>把页面从头到尾的播放录制下来：GIF，或借助 ffmpeg 的 MP4 / WebM（Ctrl+Shift+A）</translation>
    </message>
    <message>
        <source>Export animation</source>
        <translation>导出动画</translation>
    </message>
    <message>
        <source>Animated GIF (*.gif);;MP4 video, needs ffmpeg (*.mp4);;WebM video, needs ffmpeg (*.webm)</source>
        <translation>GIF 动画 (*.gif);;MP4 视频，需要 ffmpeg (*.mp4);;WebM 视频，需要 ffmpeg (*.webm)</translation>
    </message>
    <message>
        <source>Recording %1…</source>
        <translation>正在录制 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>an animation is saved as .gif, .mp4 or .webm</source>
        <translation>动画只能保存为 .gif、.mp4 或 .webm</translation>
    </message>
    <message>
        <source>this page has no animation to record</source>
        <translation>此页面没有可录制的动画</translation>
    </message>
    <message>
        <source>ffmpeg is not installed, so .%1 cannot be written; save as .gif</source>
        <translation>未安装 ffmpeg，无法写出 .%1；请保存为 .gif</translation>
    </message>
    <message>
        <source>ffmpeg did not start: %1</source>
        <translation>ffmpeg 未能启动：%1</translation>
    </message>
    <message>
        <source>ffmpeg failed: %1</source>
        <translation>ffmpeg 失败：%1</translation>
    </message>
    <message>
        <source>cancelled; nothing was written</source>
        <translation>已取消；没有写入任何文件</translation>
    </message>
    <message>
        <source>the Trace lab is not available</source>
        <translation>Trace 实验室不可用</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
</context>
<context>
    <name>tutor::app::Navigator</name>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>Live lab</source>
        <translation>实测实验室</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Watch one collective move chunks between GPUs, with its cost (Ctrl+1)</source>
        <translation>观看一个集合通信如何在 GPU 之间移动分块，以及它的开销（Ctrl+1）</translation>
    </message>
    <message>
        <source>Simulate a whole training step: timeline, overlap, bubbles, charts (Ctrl+2)</source>
        <translation>模拟完整的训练步：时间线、重叠、气泡、图表（Ctrl+2）</translation>
    </message>
    <message>
        <source>Run real collectives with NCCL or MPI and compare with the model (Ctrl+3)</source>
        <translation>用 NCCL 或 MPI 运行真实的集合通信并与模型对比（Ctrl+3）</translation>
    </message>
    <message>
        <source>Guided lessons and interview questions (Ctrl+4)</source>
        <translation>引导式课程和面试题（Ctrl+4）</translation>
    </message>
    <message>
        <source>Choose what to study</source>
        <translation>选择要学习的内容</translation>
    </message>
    <message>
        <source>Layout search</source>
        <translation>布局搜索</translation>
    </message>
    <message>
        <source>Rank the parallel layouts of a model on N GPUs by simulated step time (Ctrl+5)</source>
        <translation>按模拟的步时间为一个模型在 N 张 GPU 上的并行布局排序（Ctrl+5）</translation>
    </message>
    <message>
        <source>Trace lab</source>
        <translation>Trace 实验室</translation>
    </message>
    <message>
        <source>Open PyTorch profiler traces: overlap, exposed communication, bandwidth, stragglers (Ctrl+6)</source>
        <translation>打开 PyTorch profiler trace：重叠、暴露通信、带宽、慢节点（Ctrl+6）</translation>
    </message>
</context>
<context>
    <name>tutor::app::PlaybackBar</name>
    <message>
        <source>Back to the start (Home)</source>
        <translation>回到开头（Home）</translation>
    </message>
    <message>
        <source>Step back (←)</source>
        <translation>后退一步（←）</translation>
    </message>
    <message>
        <source>Step forward (→)</source>
        <translation>前进一步（→）</translation>
    </message>
    <message>
        <source>Drag to scrub through the animation</source>
        <translation>拖动以浏览动画</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>Start again from the beginning when the end is reached</source>
        <translation>到结尾后从头开始</translation>
    </message>
    <message>
        <source>Current time / length of the animation</source>
        <translation>当前时间 / 动画长度</translation>
    </message>
    <message>
        <source>Pause (Space)</source>
        <translation>暂停（空格）</translation>
    </message>
    <message>
        <source>Play (Space)</source>
        <translation>播放（空格）</translation>
    </message>
    <message>
        <source>Go to the end: the final state (End)</source>
        <translation>跳到结尾：最终状态（End）</translation>
    </message>
</context>
<context>
    <name>tutor::app::SaveFile</name>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>%1: cannot be written: %2 (the old file is kept)</source>
        <translation>%1：无法写入：%2（旧文件保留不变）</translation>
    </message>
    <message>
        <source>%1: cannot be written: %2 (no file was created)</source>
        <translation>%1：无法写入：%2（没有创建文件）</translation>
    </message>
    <message>
        <source>the image cannot be encoded as %1</source>
        <translation>无法把图像编码为 %1</translation>
    </message>
</context>
<context>
    <name>tutor::app::ScenarioForm</name>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Machine type: GPUs per node, NVLink and network figures</source>
        <translation>机器类型：每节点 GPU 数、NVLink 和网络参数</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Number of machines</source>
        <translation>机器数量</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>GPUs in each machine (0: the preset&apos;s)</source>
        <translation>每台机器的 GPU 数（0：用预设值）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Transformer layers</source>
        <translation>Transformer 层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Model width h</source>
        <translation>模型宽度 h</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>Feed-forward width (0: 4 × hidden)</source>
        <translation>前馈层宽度（0：4 × 隐藏维度）</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Heads; tensor parallelism must divide them</source>
        <translation>头数；张量并行度必须整除它</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Tokens per sequence</source>
        <translation>每个序列的 token 数</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Vocabulary size (embedding and output head)</source>
        <translation>词表大小（嵌入层和输出头）</translation>
    </message>
    <message>
        <source>MoE experts</source>
        <translation>MoE 专家数</translation>
    </message>
    <message>
        <source>Experts per MoE layer (0: a dense model)</source>
        <translation>每个 MoE 层的专家数（0：稠密模型）</translation>
    </message>
    <message>
        <source>MoE top-k</source>
        <translation>MoE top-k</translation>
    </message>
    <message>
        <source>Experts each token is routed to</source>
        <translation>每个 token 路由到的专家数</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>Replicas that each see a slice of the batch</source>
        <translation>各看一份批数据的副本数</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>GPUs that split every layer (Megatron-LM)</source>
        <translation>切分每一层的 GPU 数（Megatron-LM）</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Pipeline stages, each holding a slice of the layers</source>
        <translation>流水线阶段数，每段持有一部分层</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>GPUs that share the experts, out of a stage&apos;s TP · CP · DP</source>
        <translation>共享专家的 GPU 数，取自每个流水级的 TP · CP · DP</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Megatron sequence parallelism: each TP AllReduce becomes ReduceScatter + AllGather</source>
        <translation>Megatron 序列并行：每次 TP AllReduce 变成 ReduceScatter + AllGather</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>0: DDP; 1: shard optimizer states; 2: also gradients; 3: also parameters</source>
        <translation>0：DDP；1：切分优化器状态；2：再切分梯度；3：再切分参数</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟阶段</translation>
    </message>
    <message>
        <source>Model chunks per pipeline stage (interleaved schedule)</source>
        <translation>每个流水线阶段的模型块数（交错调度）</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>GPipe: all forwards then all backwards; 1F1B: alternate; interleaved: 1F1B over virtual stages</source>
        <translation>GPipe：先全部前向再全部反向；1F1B：交替进行；interleaved：在虚拟阶段上做 1F1B</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Micro-batch size</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>Sequences per micro-batch per replica</source>
        <translation>每个副本每个微批的序列数</translation>
    </message>
    <message>
        <source>Micro-batches</source>
        <translation>微批数</translation>
    </message>
    <message>
        <source>Micro-batches per pipeline pass (m)</source>
        <translation>每次流水线传递的微批数（m）</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Passes accumulated locally (no_sync) before one gradient synchronisation</source>
        <translation>在一次梯度同步前本地累积的次数（no_sync）</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Bucket size (MiB)</source>
        <translation>桶大小（MiB）</translation>
    </message>
    <message>
        <source>DDP gradient bucket cap (PyTorch bucket_cap_mb, default 25)</source>
        <translation>DDP 梯度桶上限（PyTorch bucket_cap_mb，默认 25）</translation>
    </message>
    <message>
        <source>Overlap with backward</source>
        <translation>与反向传播重叠</translation>
    </message>
    <message>
        <source>Launch each bucket&apos;s collective while backward still runs</source>
        <translation>反向传播仍在进行时就启动每个桶的集合通信</translation>
    </message>
    <message>
        <source>Prefetch depth</source>
        <translation>预取深度</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP: layers whose AllGather may run ahead of compute</source>
        <translation>ZeRO-3 / FSDP：AllGather 可以提前于计算的层数</translation>
    </message>
    <message>
        <source>Wire dtype</source>
        <translation>线上数据类型</translation>
    </message>
    <message>
        <source>Element type of gradients and activations on the wire</source>
        <translation>梯度和激活在网络上传输时的元素类型</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Activation recomputation: none, selective (Megatron: core attention), selective op-level (torchtitan: element-wise ops and every second matmul) or full (whole layers)</source>
        <translation>激活重计算：无、选择性（Megatron：核心注意力）、算子级选择性（torchtitan：逐元素算子和每隔一个矩阵乘）或完全（整层）</translation>
    </message>
    <message>
        <source>Interference</source>
        <translation>干扰</translation>
    </message>
    <message>
        <source>Straggler rank</source>
        <translation>掉队 rank</translation>
    </message>
    <message>
        <source>A rank that computes slower (-1: none)</source>
        <translation>计算较慢的 rank（-1：无）</translation>
    </message>
    <message>
        <source>Straggler slow-down (%)</source>
        <translation>掉队减速（%）</translation>
    </message>
    <message>
        <source>How much slower the straggler computes</source>
        <translation>掉队 rank 计算慢多少</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Load one of the example scenarios shipped with commtutor</source>
        <translation>加载 commtutor 自带的示例场景</translation>
    </message>
    <message>
        <source>Choose an example…</source>
        <translation>选择示例…</translation>
    </message>
    <message>
        <source>preset default</source>
        <translation>预设默认</translation>
    </message>
    <message>
        <source>4 × hidden</source>
        <translation>4 × 隐藏维度</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>0 (DDP)</source>
        <translation>0（DDP）</translation>
    </message>
    <message>
        <source>This scenario cannot run:</source>
        <translation>此场景无法运行：</translation>
    </message>
    <message>
        <source>The timeline shows the last scenario that worked.</source>
        <translation>时间线显示的是上一个能运行的场景。</translation>
    </message>
    <message>
        <source>GEMM efficiency</source>
        <translation>GEMM 效率</translation>
    </message>
    <message>
        <source>Fraction of peak FLOP/s a large matrix multiply reaches; &quot;preset&quot; uses the GPU&apos;s fitted figure (element-wise work and attention are costed separately)</source>
        <translation>大矩阵乘法能达到的峰值 FLOP/s 比例；“预设”表示使用该 GPU 拟合得到的数值（逐元素运算和注意力单独计时）</translation>
    </message>
    <message>
        <source>preset</source>
        <translation>预设值</translation>
    </message>
    <message>
        <source>TP comm overlap</source>
        <translation>TP 通信重叠</translation>
    </message>
    <message>
        <source>Megatron-LM --tp-comm-overlap: the sequence-parallel AllGather and ReduceScatter run in tp chunks beside the GEMM next to them (needs sequence parallel)</source>
        <translation>Megatron-LM --tp-comm-overlap：序列并行的 AllGather 和 ReduceScatter 切成 tp 块，与相邻的 GEMM 流水重叠（需要开启序列并行）</translation>
    </message>
    <message>
        <source>Param gather overlap</source>
        <translation>参数收集重叠</translation>
    </message>
    <message>
        <source>Megatron-LM --overlap-param-gather: ZeRO-1/2&apos;s parameter AllGather runs under the next step&apos;s first forward instead of after the optimizer</source>
        <translation>Megatron-LM --overlap-param-gather：ZeRO-1/2 的参数 AllGather 不在优化器之后执行，而是与下一步第一个前向重叠</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行 (CP)</translation>
    </message>
    <message>
        <source>GPUs that split every sequence; attention passes K and V around them in a ring</source>
        <translation>切分每条序列的 GPU；注意力计算时 K 和 V 沿环在它们之间传递</translation>
    </message>
    <message>
        <source>MoE flex dispatcher</source>
        <translation>MoE Flex 分发器</translation>
    </message>
    <message>
        <source>Megatron-Core&apos;s flex token dispatcher (DeepEP, HybridEP): a token goes once to each GPU of its node and once to each other node holding its experts, instead of once per expert</source>
        <translation>Megatron-Core 的 Flex token 分发器（DeepEP、HybridEP）：一个 token 发往本节点内持有其专家的每块 GPU 各一次，发往持有其专家的其他每个节点各一次，而不是每个专家一次</translation>
    </message>
    <message>
        <source>Element-wise kernels</source>
        <translation>逐元素内核</translation>
    </message>
    <message>
        <source>Fused: norms, activations and residual adds one pass over memory each (Megatron, Transformer Engine, torch.compile). Eager: PyTorch runs every op of RMSNorm, RoPE and SwiGLU as its own kernel (torchtitan without torch.compile)</source>
        <translation>融合：归一化、激活和残差相加各只读写显存一遍（Megatron、Transformer Engine、torch.compile）。Eager：PyTorch 把 RMSNorm、RoPE 和 SwiGLU 的每个算子各作为一个内核运行（不开 torch.compile 的 torchtitan）</translation>
    </message>
    <message>
        <source>GEMM precision</source>
        <translation>GEMM 精度</translation>
    </message>
    <message>
        <source>The tensor-core peak the layers&apos; matrix multiplies run at: bf16, or fp8 on Hopper and later (attention, element-wise work and the output layer stay in bf16)</source>
        <translation>各层矩阵乘法所用的张量核心峰值：bf16，或 Hopper 及更新 GPU 上的 fp8（注意力、逐元素运算和输出层仍用 bf16）</translation>
    </message>
    <message>
        <source>fp8 casts</source>
        <translation>fp8 转换</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>专家 FFN 宽度</translation>
    </message>
    <message>
        <source>Feed-forward width of one routed expert (0: the FFN size)</source>
        <translation>单个路由专家的前馈层宽度（0：与 FFN 宽度相同）</translation>
    </message>
    <message>
        <source>Shared expert FFN</source>
        <translation>共享专家 FFN</translation>
    </message>
    <message>
        <source>Feed-forward width of the shared expert every token also runs (0: none)</source>
        <translation>每个 token 都会额外经过的共享专家的前馈层宽度（0：没有共享专家）</translation>
    </message>
    <message>
        <source>Leading dense layers</source>
        <translation>前置稠密层</translation>
    </message>
    <message>
        <source>Layers before the first MoE layer that keep the dense FFN (DeepSeek&apos;s first_k_dense_replace)</source>
        <translation>第一个 MoE 层之前保留稠密 FFN 的层数（DeepSeek 的 first_k_dense_replace）</translation>
    </message>
    <message>
        <source>KV latent (MLA)</source>
        <translation>KV 潜在维度（MLA）</translation>
    </message>
    <message>
        <source>Width of multi-head latent attention&apos;s key-value latent (0: standard attention)</source>
        <translation>多头潜在注意力中键值潜在向量的宽度（0：标准注意力）</translation>
    </message>
    <message>
        <source>Q latent (MLA)</source>
        <translation>Q 潜在维度（MLA）</translation>
    </message>
    <message>
        <source>Width of the query latent under multi-head latent attention (0: queries projected directly)</source>
        <translation>多头潜在注意力中查询潜在向量的宽度（0：直接投影查询）</translation>
    </message>
    <message>
        <source>MoE EP overlap</source>
        <translation>MoE 专家并行通信重叠</translation>
    </message>
    <message>
        <source>Megatron-Core --overlap-moe-expert-parallel-comm: each steady-state forward runs beside another micro-batch&apos;s backward, so one&apos;s dispatch and combine hide under the other&apos;s compute (needs expert parallelism and, with pipelining, virtual stages)</source>
        <translation>Megatron-Core --overlap-moe-expert-parallel-comm：每个稳态前向与另一个微批次的反向并排运行，一方的分发与合并通信隐藏在另一方的计算之下（需要专家并行；有流水线时还需要虚拟阶段）</translation>
    </message>
    <message>
        <source>Compute slow-down while gradient communication or an overlapped MoE transfer runs beside it (0.1 = 10 % slower)</source>
        <translation>梯度通信或被重叠的 MoE 传输同时进行时计算变慢的比例（0.1 = 慢 10 %）</translation>
    </message>
    <message>
        <source>Under fp8: Transformer Engine&apos;s delayed scaling has the norms write fp8 themselves and casts every other GEMM input and gradient with one kernel; torchao&apos;s dynamic scaling (torchtitan&apos;s Float8) scans and casts every input, weight and gradient with kernels of its own; Transformer Engine&apos;s current scaling (FP8-CS) runs an amax kernel and a cast per GEMM input and gradient (a norm finds its output&apos;s amax itself), MXFP8 one quantize kernel. Transformer Engine casts each weight once a step, and on Blackwell its per-tensor recipes write no transposed copy</source>
        <translation>fp8 下：Transformer Engine 的延迟缩放由归一化内核直接写出 fp8，其余每个 GEMM 输入和梯度各用一个转换内核；torchao 的动态缩放（torchtitan 的 Float8）用单独的内核扫描并转换每个输入、权重和梯度；Transformer Engine 的当前缩放（FP8-CS）对每个 GEMM 输入和梯度运行一个求最大绝对值的内核和一个转换内核（归一化的输出由归一化内核自己求最大绝对值），MXFP8 只运行一个量化内核。Transformer Engine 每步只转换一次权重；在 Blackwell 上，按张量缩放的方案不写转置副本</translation>
    </message>
    <message>
        <source>Expert tensor parallel</source>
        <translation>专家张量并行</translation>
    </message>
    <message>
        <source>GPUs that split each routed expert (Megatron-Core --expert-tensor-parallel-size); 1 keeps experts whole and puts an EP group on consecutive GPUs</source>
        <translation>切分每个路由专家的 GPU 数（Megatron-Core --expert-tensor-parallel-size）；取 1 时专家完整地放在每个 GPU 上，EP 组占用连续的 GPU</translation>
    </message>
    <message>
        <source>as TP</source>
        <translation>同 TP</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>The fused attention kernel: cuDNN&apos;s, which Transformer Engine (Megatron, NeMo) runs on Hopper and later at about 53 % of peak on H100, FlashAttention-2, PyTorch&apos;s scaled_dot_product_attention (torchtitan) at about 33 %, or the Triton FlashAttention llm-foundry&apos;s MPT ran in 2023, at about half FlashAttention-2&apos;s rate. On A100 cuDNN&apos;s is FlashAttention-2</source>
        <translation>融合注意力内核：cuDNN 的内核（Transformer Engine 在 Hopper 及更新的 GPU 上使用，Megatron、NeMo 即如此），在 H100 上约达峰值的 53 %；FlashAttention-2，即 PyTorch 的 scaled_dot_product_attention（torchtitan），约 33 %；或 llm-foundry 的 MPT 在 2023 年所用的 Triton 版 FlashAttention，约为 FlashAttention-2 速率的一半。在 A100 上 cuDNN 的内核就是 FlashAttention-2</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA 图</translation>
    </message>
    <message>
        <source>What the run replays as CUDA graphs. Without them every kernel is launched from the host, and an MoE layer lasts at least the host&apos;s time to launch its kernels (fitted on DGX H100 and B200 runs): small experts then wait on the CPU. Per-layer scopes (Transformer Engine) or the whole iteration take that wait away</source>
        <translation>训练以 CUDA 图重放哪些部分。不用 CUDA 图时每个内核都由主机发射，一个 MoE 层至少持续主机发射其内核所需的时间（按 DGX H100 和 B200 上的运行拟合）：小专家因此要等 CPU。逐层范围（Transformer Engine）或整个迭代的 CUDA 图可消除这段等待</translation>
    </message>
</context>
<context>
    <name>tutor::app::SearchStage</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>A model with its published shape (layers, hidden size, heads, vocabulary)</source>
        <translation>按公开配置给出的模型形状（层数、隐藏维度、注意力头数、词表）</translation>
    </message>
    <message>
        <source>GPUs in all: a multiple of the preset&apos;s GPUs per node</source>
        <translation>GPU 总数：必须是预设每节点 GPU 数的整数倍</translation>
    </message>
    <message>
        <source>Sequences per optimizer step; every layout keeps it</source>
        <translation>每个优化器步的序列数；所有布局都保持这个值</translation>
    </message>
    <message>
        <source>2 × GPUs</source>
        <translation>2 × GPU 数</translation>
    </message>
    <message>
        <source>Search layouts</source>
        <translation>搜索布局</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Open on Training page</source>
        <translation>在“训练步”页打开</translation>
    </message>
    <message>
        <source>Enumerating layouts…</source>
        <translation>正在枚举布局…</translation>
    </message>
    <message>
        <source>Simulated %1 of %2 layouts</source>
        <translation>已模拟 %2 个布局中的 %1 个</translation>
    </message>
    <message>
        <source>Stopped: %1 of %2 layouts simulated, %3 rejected before simulation.</source>
        <translation>已停止：%2 个布局中模拟了 %1 个，%3 个在模拟前被排除。</translation>
    </message>
    <message>
        <source>%1 of %2 layouts simulated, %3 rejected (a rule or memory).</source>
        <translation>%2 个布局中模拟了 %1 个，%3 个被排除（违反规则或显存不够）。</translation>
    </message>
    <message>
        <source>Which layout for this model on these GPUs?</source>
        <translation>这个模型在这些 GPU 上该用哪种布局？</translation>
    </message>
    <message>
        <source>Every combination of data, tensor and pipeline parallelism, interleaving, expert parallelism, ZeRO stage, recomputation and micro-batch size that keeps Megatron-LM&apos;s rules and fits in memory is simulated; the table ranks them by step time. On the chart, the line is the Pareto front: layouts that no other layout beats on both step time and memory.</source>
        <translation>所有符合 Megatron-LM 规则、放得进显存的数据并行、张量并行、流水线并行、交错、专家并行、ZeRO 阶段、重计算和微批次大小组合都会被模拟；表格按步时间排序。图中的折线是帕累托前沿：没有其他布局能在步时间和显存上同时胜过它们。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: step %2 s, MFU %3 %, bubble %4 %, %5 GiB per GPU; exposed communication %6 s of it.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：步时间 %2 s，MFU %3 %，气泡 %4 %，每卡 %5 GiB；其中暴露的通信 %6 s。</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Tokens per sequence; from 16,384 on, context parallelism (CP 2 to 16) joins the search</source>
        <translation>每条序列的 token 数；从 16,384 起，上下文并行（CP 2 到 16）也加入搜索</translation>
    </message>
    <message>
        <source>the model&apos;s</source>
        <translation>模型自带</translation>
    </message>
    <message>
        <source>Enumerate DP × TP × PP × virtual stages × EP × CP × ZeRO × recomputation × micro-batch size, drop what breaks a rule or does not fit in memory, simulate the rest</source>
        <translation>枚举 DP × TP × PP × 虚拟阶段 × EP × CP × ZeRO × 重计算 × 微批次大小，去掉违反规则或显存放不下的，模拟其余布局</translation>
    </message>
</context>
<context>
    <name>tutor::app::TraceStage</name>
    <message>
        <source>Open PyTorch profiler traces (one per rank)</source>
        <translation>打开 PyTorch profiler trace（每个 rank 一个）</translation>
    </message>
    <message>
        <source>Profiler traces (*.json *.json.gz *.gz);;All files (*)</source>
        <translation>Profiler trace (*.json *.json.gz *.gz);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n trace(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个 trace…</numerusform>
        </translation>
    </message>
    <message>
        <source>Not opened; the traces shown before stay.</source>
        <translation>未打开；之前显示的 trace 保留。</translation>
    </message>
    <message>
        <source>rank %1 · %2</source>
        <translation>rank %1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>Opened %n trace(s)</source>
        <translation>
            <numerusform>已打开 %n 个 trace</numerusform>
        </translation>
    </message>
    <message>
        <source>yes: last to %1 of its collectives</source>
        <translation>是：在 %1 的集合通信中最后到达</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s); %1 collectives matched across ranks; stragglers: %2</source>
        <translation>
            <numerusform>%n 个 rank；跨 rank 匹配了 %1 次集合通信；慢节点：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Trace lab.&lt;/b&gt; Open PyTorch profiler traces (torch.profiler with CUDA activities, one file per rank, .json or .json.gz). Each rank&apos;s CUDA streams are drawn as lanes: compute kernels and NCCL kernels, with the part of each NCCL kernel that no compute kernel hid in red.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Overlap&lt;/b&gt; is HolisticTraceAnalysis&apos; figure: time computing and communicating at once ÷ communication time. &lt;b&gt;Exposed&lt;/b&gt; communication is communication with no compute beside it. A rank is &lt;b&gt;late&lt;/b&gt; to a collective by the difference between the longest kernel of that collective and its own: the last rank to arrive runs the shortest kernel while the others wait.&lt;/p&gt;&lt;p&gt;The collectives table gives the median kernel time and bus bandwidth per size. Kernel time includes waiting for late ranks, so measured bandwidth can be far below the model&apos;s, which assumes everyone starts together.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Trace 实验室。&lt;/b&gt;打开 PyTorch profiler trace（torch.profiler 采集 CUDA 活动，每个 rank 一个文件，.json 或 .json.gz）。每个 rank 的 CUDA 流画成一条泳道：计算 kernel 和 NCCL kernel，NCCL kernel 中没有被任何计算 kernel 掩盖的部分标为红色。&lt;/p&gt;&lt;p&gt;&lt;b&gt;重叠率&lt;/b&gt;采用 HolisticTraceAnalysis 的定义：同时计算和通信的时间 ÷ 通信时间。&lt;b&gt;暴露&lt;/b&gt;通信是旁边没有计算的通信。rank 在一次集合通信上的&lt;b&gt;迟到&lt;/b&gt;时间 = 该集合通信最长的 kernel 减去它自己的 kernel：最后到达的 rank 运行最短的 kernel，其他 rank 都在等它。&lt;/p&gt;&lt;p&gt;集合通信表给出每种大小的 kernel 时间中位数和总线带宽。kernel 时间包含等待迟到 rank 的时间，所以实测带宽可能远低于模型值——模型假设所有 rank 同时开始。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Rank %1: %2 of communication, %3 of it exposed; overlap %4.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Rank %1：通信 %2，其中暴露 %3；重叠率 %4。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open traces…</source>
        <translation>打开 trace…</translation>
    </message>
    <message>
        <source>PyTorch profiler traces, one file per rank (.json, .json.gz)</source>
        <translation>PyTorch profiler trace，每个 rank 一个文件（.json、.json.gz）</translation>
    </message>
    <message>
        <source>Model hardware</source>
        <translation>模型硬件</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>各 rank</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>时间窗</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Exposed</source>
        <translation>暴露</translation>
    </message>
    <message>
        <source>Overlap (HTA)</source>
        <translation>重叠率（HTA）</translation>
    </message>
    <message>
        <source>Late</source>
        <translation>迟到</translation>
    </message>
    <message>
        <source>Straggler</source>
        <translation>慢节点</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Median time</source>
        <translation>时间中位数</translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <source>Model time</source>
        <translation>模型时间</translation>
    </message>
    <message>
        <source>Model bus bandwidth</source>
        <translation>模型总线带宽</translation>
    </message>
    <message>
        <source>No trace open.</source>
        <translation>尚未打开 trace。</translation>
    </message>
    <message numerus="yes">
        <source>Trace lab: %n rank(s)</source>
        <translation>
            <numerusform>Trace 实验室：%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1 overlap %2, exposed %3</source>
        <translation>rank %1 重叠率 %2，暴露 %3</translation>
    </message>
</context>
<context>
    <name>tutor::app::TrainingStage</name>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>before the edit</source>
        <translation>编辑前</translation>
    </message>
    <message>
        <source>now</source>
        <translation>现在</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s): %1 — showing the last scenario that worked.</source>
        <translation>
            <numerusform>%n 个问题：%1 —— 显示上一个能运行的场景。</numerusform>
        </translation>
    </message>
    <message>
        <source>Click an event in the timeline to see its details and, for a collective, its cost formula.</source>
        <translation>点击时间线中的事件查看详情；若是集合通信，还会显示其开销公式。</translation>
    </message>
    <message>
        <source>Cost model</source>
        <translation>开销模型</translation>
    </message>
    <message>
        <source>&lt;p&gt;No scenario has simulated yet.&lt;/p&gt;</source>
        <translation>&lt;p&gt;还没有模拟过任何场景。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;One step takes &lt;b&gt;%1&lt;/b&gt;: compute %2, communication %3 of which &lt;b&gt;%4&lt;/b&gt; is exposed (overlap %5). Pipeline bubble %6, MFU %7.&lt;/p&gt;</source>
        <translation>&lt;p&gt;一步耗时 &lt;b&gt;%1&lt;/b&gt;：计算 %2，通信 %3，其中 &lt;b&gt;%4&lt;/b&gt; 暴露在外（重叠 %5）。流水线气泡 %6，MFU %7。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;At t = %1 on stage %2: %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;t = %1 时，阶段 %2：%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Step breakdown</source>
        <translation>训练步分解</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>The figures of one simulated step; hover a row for its definition</source>
        <translation>一个模拟训练步的各项数字；悬停在某行上查看定义</translation>
    </message>
    <message>
        <source>Every event of the step; click a column header to sort</source>
        <translation>训练步中的所有事件；点击列标题排序</translation>
    </message>
    <message>
        <source>Figures of the simulated step</source>
        <translation>模拟训练步的各项数字</translation>
    </message>
    <message>
        <source>Every event of the simulated step; selecting one selects it in the timeline</source>
        <translation>模拟训练步中的所有事件；选中一项会在时间线中同时选中</translation>
    </message>
    <message>
        <source>Details of the selected event and, for a collective, the cost model&apos;s formula</source>
        <translation>所选事件的详情；若是集合通信，还有开销模型的公式</translation>
    </message>
    <message>
        <source>The current form values cannot run; fix the fields marked in the form</source>
        <translation>当前表单的值无法运行；请修正表单中标出的字段</translation>
    </message>
    <message>
        <source>Sweep over</source>
        <translation>扫描参数</translation>
    </message>
    <message>
        <source>The scenario parameter the sweep chart varies</source>
        <translation>扫描图表所改变的场景参数</translation>
    </message>
    <message>
        <source>bucket size (MiB)</source>
        <translation>桶大小（MiB）</translation>
    </message>
    <message>
        <source>micro-batches</source>
        <translation>微批数</translation>
    </message>
    <message>
        <source>DP size (GPUs scale with it)</source>
        <translation>DP 规模（GPU 数随之变化）</translation>
    </message>
    <message>
        <source>Opened layout %1</source>
        <translation>已打开布局 %1</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>The figure of the step the sweep chart draws</source>
        <translation>扫描图绘制的训练步指标</translation>
    </message>
    <message>
        <source>%1 × %2 nodes · DP %3 · TP %4 · PP %5 · EP %6 · ZeRO %7 · step %8 · MFU %9</source>
        <translation>%1 × %2 个节点 · DP %3 · TP %4 · PP %5 · EP %6 · ZeRO %7 · 每步 %8 · MFU %9</translation>
    </message>
    <message>
        <source> · CP %1</source>
        <translation> · CP %1</translation>
    </message>
</context>
<context>
    <name>tutor::views::BandwidthChart</name>
    <message>
        <source>Bus bandwidth (nccl-tests definition) against message size for every algorithm that can run this collective. Left of the dashed boundary the α (latency) term dominates, right of it the β (bandwidth) term.</source>
        <translation>在所有能运行该集合通信的算法下，总线带宽（nccl-tests 定义）随消息大小的变化。虚线边界左侧 α（延迟）项占主导，右侧 β（带宽）项占主导。</translation>
    </message>
    <message>
        <source>%1 on %2 ranks (%3 × %4): bus bandwidth vs message size</source>
        <translation>%1，%2 个 rank（%3 × %4）：总线带宽与消息大小</translation>
    </message>
    <message>
        <source>latency-bound (α &gt; β term)</source>
        <translation>延迟受限（α 项 &gt; β 项）</translation>
    </message>
    <message>
        <source>bandwidth-bound (β ≥ α term)</source>
        <translation>带宽受限（β 项 ≥ α 项）</translation>
    </message>
    <message>
        <source>link β %1 GB/s</source>
        <translation>链路 β %1 GB/s</translation>
    </message>
    <message>
        <source>current size</source>
        <translation>当前大小</translation>
    </message>
    <message>
        <source>message size S (log scale)</source>
        <translation>消息大小 S（对数刻度）</translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation>总线带宽 (GB/s)</translation>
    </message>
    <message>
        <source>%1 (MPI / textbook, not NCCL)</source>
        <translation>%1（MPI / 教科书算法，NCCL 不用）</translation>
    </message>
</context>
<context>
    <name>tutor::views::BreakdownChart</name>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Exposed TP</source>
        <translation>暴露的 TP</translation>
    </message>
    <message>
        <source>Exposed DP</source>
        <translation>暴露的 DP</translation>
    </message>
    <message>
        <source>Exposed PP</source>
        <translation>暴露的 PP</translation>
    </message>
    <message>
        <source>Exposed EP</source>
        <translation>暴露的 EP</translation>
    </message>
    <message>
        <source>Idle (bubble)</source>
        <translation>空闲（气泡）</translation>
    </message>
    <message>
        <source>Where the step time goes on the critical pipeline stage: compute, communication that compute could not hide (per parallel dimension), and idle time such as pipeline bubbles</source>
        <translation>关键流水线阶段上步时间的去向：计算、计算未能掩盖的通信（按并行维度）以及流水线气泡等空闲时间</translation>
    </message>
    <message>
        <source>Step-time breakdown</source>
        <translation>步时间分解</translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation>毫秒</translation>
    </message>
</context>
<context>
    <name>tutor::views::CollectiveFrame</name>
    <message>
        <source>each receiver adds the chunk to its own copy (reduction)</source>
        <translation>每个接收方把收到的分块加到自己的副本上（归约）</translation>
    </message>
    <message>
        <source>each receiver stores the chunk (copy)</source>
        <translation>每个接收方保存收到的分块（复制）</translation>
    </message>
    <message>
        <source>%1 transfers reduce, %2 copy</source>
        <translation>%1 次传输做归约，%2 次复制</translation>
    </message>
    <message>
        <source>all inside a node</source>
        <translation>全部在节点内</translation>
    </message>
    <message>
        <source>all across the network</source>
        <translation>全部跨网络</translation>
    </message>
    <message>
        <source>%1 across the network, %2 inside a node</source>
        <translation>%1 次跨网络，%2 次在节点内</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3 transfers of up to %4; %5; %6.</source>
        <translation>第 %1 步，共 %2 步：%3 次传输，每次最多 %4；%5；%6。</translation>
    </message>
</context>
<context>
    <name>tutor::views::CollectivePainter</name>
    <message>
        <source>node %1 · %2 GPUs</source>
        <translation>节点 %1 · %2 块 GPU</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>%1 network</source>
        <translation>%1 网络</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message numerus="yes">
        <source>%n inside</source>
        <translation>
            <numerusform>节点内 %n 次传输</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tutor::views::CollectiveView</name>
    <message>
        <source>Final state after %1 steps: every buffer matches the definition of %2.</source>
        <translation>%1 步后的最终状态：每个缓冲区都符合 %2 的定义。</translation>
    </message>
    <message>
        <source>Initial state: each rank holds its own input. Press Play or → to run step 1.</source>
        <translation>初始状态：每个 rank 持有自己的输入。按“播放”或 → 运行第 1 步。</translation>
    </message>
    <message>
        <source>%1 ranks on %2 nodes: the animation runs up to %3 ranks; the numbers cover all of them.</source>
        <translation>%2 个节点上的 %1 个 rank：动画最多演示 %3 个 rank；数字覆盖全部 rank。</translation>
    </message>
    <message>
        <source>%1 ranks, summarised: node 0&apos;s GPUs in detail, traffic between nodes as moving chunks. %2</source>
        <translation>%1 个 rank（概览）：节点 0 的 GPU 单独画出，节点之间的流量画成移动的数据块。%2</translation>
    </message>
</context>
<context>
    <name>tutor::views::EventLabel</name>
    <message>
        <source>fwd</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>bwd</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>att</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>mlp</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>moe</source>
        <translation>MoE</translation>
    </message>
    <message>
        <source>head</source>
        <translation>输出层</translation>
    </message>
    <message>
        <source>send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>recv</source>
        <translation>接收</translation>
    </message>
    <message>
        <source>act</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>grad</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>bucket</source>
        <translation>分桶</translation>
    </message>
    <message>
        <source>params</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>disp</source>
        <translation>分发</translation>
    </message>
    <message>
        <source>comb</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>opt</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>kv</source>
        <translation>kv</translation>
    </message>
</context>
<context>
    <name>tutor::views::EventModel</name>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Lane</source>
        <translation>泳道</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Exposed</source>
        <translation>暴露</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>通信组</translation>
    </message>
</context>
<context>
    <name>tutor::views::LayoutChart</name>
    <message>
        <source>Each point is one simulated layout: memory per GPU against step time. The line joins the Pareto front (no other layout is both faster and smaller); click a point to select its row</source>
        <translation>每个点是一个模拟过的布局：横轴每卡显存，纵轴步时间。折线连起帕累托前沿（没有其他布局既更快又更省显存）；点击一个点选中表格中对应的行</translation>
    </message>
    <message>
        <source>Layouts: none simulated yet</source>
        <translation>布局：尚未模拟</translation>
    </message>
    <message numerus="yes">
        <source>%n layout(s): step time against memory per GPU</source>
        <translation>
            <numerusform>%n 个布局：步时间与每卡显存</numerusform>
        </translation>
    </message>
    <message>
        <source>Layouts</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>已选中</translation>
    </message>
    <message>
        <source>Memory per GPU (GiB)</source>
        <translation>每卡显存（GiB）</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>步时间（s）</translation>
    </message>
</context>
<context>
    <name>tutor::views::MeasurementChart</name>
    <message>
        <source>measured, in-place</source>
        <translation>实测，原地</translation>
    </message>
    <message>
        <source>measured, out-of-place</source>
        <translation>实测，非原地</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>calibrated fit</source>
        <translation>校准拟合</translation>
    </message>
    <message>
        <source>No measurements yet: start a run, open a file or import an nccl-tests log</source>
        <translation>还没有测量：开始一次运行、打开文件或导入 nccl-tests 日志</translation>
    </message>
    <message>
        <source>size S (log scale)</source>
        <translation>大小 S（对数刻度）</translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation>总线带宽 (GB/s)</translation>
    </message>
    <message>
        <source>time per call (µs)</source>
        <translation>每次调用时间 (µs)</translation>
    </message>
</context>
<context>
    <name>tutor::views::MeasurementModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>From %1, %2 ranks.</source>
        <translation>来自 %1，%2 个 rank。</translation>
    </message>
    <message>
        <source>Mean of %1 iterations.</source>
        <translation>%1 次迭代的平均值。</translation>
    </message>
    <message>
        <source>Here algbw × %1, the factor of %2 at %3 ranks.</source>
        <translation>此处为 algbw × %1，即 %2 在 %3 个 rank 时的系数。</translation>
    </message>
    <message>
        <source>The calibration fits out-of-place rows only.</source>
        <translation>校准只拟合非原地的行。</translation>
    </message>
    <message>
        <source>Not calibrated yet.</source>
        <translation>尚未校准。</translation>
    </message>
    <message>
        <source>The collective that was timed.</source>
        <translation>被计时的集合通信。</translation>
    </message>
    <message>
        <source>Message size S as nccl-tests counts it.</source>
        <translation>按 nccl-tests 口径的消息大小 S。</translation>
    </message>
    <message>
        <source>Whether the output buffer is the input buffer.</source>
        <translation>输出缓冲区是否就是输入缓冲区。</translation>
    </message>
    <message>
        <source>Mean time per call of the slowest rank.</source>
        <translation>最慢 rank 每次调用的平均时间。</translation>
    </message>
    <message>
        <source>Fastest, median and 99th-percentile time per call.</source>
        <translation>每次调用的最快、中位数和第 99 百分位时间。</translation>
    </message>
    <message>
        <source>The model&apos;s time for this size on the comparison hardware.</source>
        <translation>模型在对比硬件上对该大小给出的时间。</translation>
    </message>
    <message>
        <source>(model − measured) / measured.</source>
        <translation>（模型 − 实测）/ 实测。</translation>
    </message>
    <message>
        <source>Algorithm bandwidth: S / time.</source>
        <translation>算法带宽：S / 时间。</translation>
    </message>
    <message>
        <source>Bus bandwidth: algbw × the collective&apos;s factor, comparable with the link&apos;s bandwidth.</source>
        <translation>总线带宽：algbw × 该集合通信的系数，可与链路带宽比较。</translation>
    </message>
    <message>
        <source>Elements the correctness check found wrong.</source>
        <translation>正确性检查发现的错误元素数。</translation>
    </message>
    <message>
        <source>The calibrated α-β line at this size.</source>
        <translation>该大小下校准得到的 α-β 直线。</translation>
    </message>
    <message>
        <source>(fit − measured) / measured.</source>
        <translation>（拟合 − 实测）/ 实测。</translation>
    </message>
    <message>
        <source>Measured bus bandwidth as a fraction of the fit&apos;s asymptotic bandwidth.</source>
        <translation>实测总线带宽占拟合渐近带宽的比例。</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>In-place</source>
        <translation>原地</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>min / median / p99</source>
        <translation>最小 / 中位数 / p99</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Model error</source>
        <translation>模型误差</translation>
    </message>
    <message>
        <source>algbw</source>
        <translation>algbw</translation>
    </message>
    <message>
        <source>busbw</source>
        <translation>busbw</translation>
    </message>
    <message>
        <source>#wrong</source>
        <translation>#错误</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>拟合</translation>
    </message>
    <message>
        <source>Fit error</source>
        <translation>拟合误差</translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation>效率</translation>
    </message>
    <message>
        <source>Implausible: %1 % of the fitted asymptotic bandwidth. No size can beat the line&apos;s bandwidth for long; this one ran faster than the α-β line allows (cache effects, a protocol switch inside the range, or too few sizes for the fit).</source>
        <translation>不合理：达到拟合渐近带宽的 %1 %。任何尺寸都不会长期超过直线的带宽；这个尺寸比 α-β 直线允许的还快（缓存效应、区间内切换了协议，或拟合的尺寸太少）。</translation>
    </message>
</context>
<context>
    <name>tutor::views::MetricsModel</name>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>Time of one optimizer step</source>
        <translation>一次优化器步的时间</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Busy time of the compute lane of the critical stage (stage %1)</source>
        <translation>关键阶段（阶段 %1）计算泳道的忙碌时间</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Sum of all collective durations on the critical stage</source>
        <translation>关键阶段上所有集合通信时长之和</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <source>Communication not hidden behind compute: step time minus compute on the critical path</source>
        <translation>未被计算掩盖的通信：步时间减去关键路径上的计算时间</translation>
    </message>
    <message>
        <source>Overlap (HTA)</source>
        <translation>重叠（HTA）</translation>
    </message>
    <message>
        <source>Holistic Trace Analysis: time computing and communicating at once ÷ communication time</source>
        <translation>Holistic Trace Analysis：同时计算和通信的时间 ÷ 通信时间</translation>
    </message>
    <message>
        <source>Overlap (OSU)</source>
        <translation>重叠（OSU）</translation>
    </message>
    <message>
        <source>OSU benchmarks: 1 − exposed communication ÷ pure communication time</source>
        <translation>OSU 基准：1 − 暴露的通信 ÷ 纯通信时间</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Mean idle fraction of the pipeline stages: (p−1)/(m+p−1) for GPipe and 1F1B</source>
        <translation>流水线各阶段的平均空闲比例：GPipe 和 1F1B 为 (p−1)/(m+p−1)</translation>
    </message>
    <message>
        <source>Tokens / s</source>
        <translation>Tokens / 秒</translation>
    </message>
    <message>
        <source>Tokens of the global batch ÷ step time</source>
        <translation>全局批次的 token 数 ÷ 步时间</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation: model FLOPs ÷ (step · peak · GPUs), the peak of the precision the GEMMs run at (fp8 or bf16)</source>
        <translation>模型 FLOPs 利用率：模型 FLOPs ÷（步时间 · 峰值 · GPU 数），峰值取 GEMM 所用精度（fp8 或 bf16）的峰值</translation>
    </message>
    <message>
        <source>Peak memory / GPU</source>
        <translation>峰值显存 / GPU</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>%1 communication</source>
        <translation>%1 通信</translation>
    </message>
    <message>
        <source>%1 (%2 exposed)</source>
        <translation>%1（%2 暴露）</translation>
    </message>
    <message>
        <source>%1 collectives moving %2 in total</source>
        <translation>%1 次集合通信，共传输 %2</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Parameters %1, gradients %2, optimizer %3, activations %4, buffers %5 (the loss&apos;s logits, ZeRO-3&apos;s gathered layers) on stage %6 (capacity %7)</source>
        <translation>阶段 %6 上参数 %1、梯度 %2、优化器 %3、激活 %4、缓冲区 %5（损失函数的 logits、ZeRO-3 聚合的层）（容量 %7）</translation>
    </message>
</context>
<context>
    <name>tutor::views::Problem</name>
    <message>
        <source>must be at least 2 for the interleaved schedule%1</source>
        <translation>交错（interleaved）调度时必须至少为 2%1</translation>
    </message>
    <message>
        <source>is required when hardware.preset is empty%1</source>
        <translation>hardware.preset 为空时必须给出%1</translation>
    </message>
    <message>
        <source>needs an MoE model (model.moe.experts &gt; 0)%1</source>
        <translation>需要 MoE 模型（model.moe.experts &gt; 0）%1</translation>
    </message>
    <message>
        <source>is too large to simulate %1</source>
        <translation>太大，无法模拟 %1</translation>
    </message>
    <message>
        <source>must be finite and ≥ 0%1</source>
        <translation>必须是有限值且 ≥ 0%1</translation>
    </message>
    <message>
        <source>must be finite and in %1</source>
        <translation>必须是有限值且位于 %1</translation>
    </message>
    <message>
        <source>must be a finite number%1</source>
        <translation>必须是有限的数%1</translation>
    </message>
    <message>
        <source>must be a multiple of %1</source>
        <translation>必须是 %1 的倍数</translation>
    </message>
    <message>
        <source>must be a rank in %1</source>
        <translation>必须是 %1 中的 rank</translation>
    </message>
    <message>
        <source>must be an integer%1</source>
        <translation>必须是整数%1</translation>
    </message>
    <message>
        <source>must be a number%1</source>
        <translation>必须是数字%1</translation>
    </message>
    <message>
        <source>must be at least %1</source>
        <translation>必须至少为 %1</translation>
    </message>
    <message>
        <source>must be at most %1</source>
        <translation>必须至多为 %1</translation>
    </message>
    <message>
        <source>must be greater than %1</source>
        <translation>必须大于 %1</translation>
    </message>
    <message>
        <source>must be between %1</source>
        <translation>必须介于 %1</translation>
    </message>
    <message>
        <source>must be in %1</source>
        <translation>必须位于 %1</translation>
    </message>
    <message>
        <source>must be 1 unless %1</source>
        <translation>必须为 1，除非 %1</translation>
    </message>
    <message>
        <source>must divide %1</source>
        <translation>必须整除 %1</translation>
    </message>
    <message>
        <source>must equal %1</source>
        <translation>必须等于 %1</translation>
    </message>
    <message>
        <source>needs a power of two%1</source>
        <translation>需要 2 的幂%1</translation>
    </message>
    <message>
        <source>not defined for %1</source>
        <translation>未定义于 %1</translation>
    </message>
    <message>
        <source>not defined on this topology %1</source>
        <translation>在此拓扑上不可用 %1</translation>
    </message>
    <message>
        <source>unknown preset %1</source>
        <translation>未知的预设 %1</translation>
    </message>
    <message>
        <source>unknown key %1</source>
        <translation>未知的键 %1</translation>
    </message>
    <message>
        <source>cannot be combined with %1</source>
        <translation>不能与之同时使用：%1</translation>
    </message>
    <message>
        <source>does not match %1</source>
        <translation>与 %1 不一致</translation>
    </message>
    <message>
        <source>is not an object, so it has no field %1</source>
        <translation>不是对象，因此没有字段 %1</translation>
    </message>
    <message>
        <source>has an empty path segment%1</source>
        <translation>路径中有空的一段%1</translation>
    </message>
    <message>
        <source>needs fp8 tensor cores (Hopper or later), which this preset lacks: %1</source>
        <translation>需要 fp8 张量核心（Hopper 或更新的 GPU），这个预设没有：%1</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>cannot be written: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>cannot be inflated: zlib could not start%1</source>
        <translation>无法解压：zlib 无法启动%1</translation>
    </message>
    <message>
        <source>is a folder, not a file%1</source>
        <translation>是文件夹，不是文件%1</translation>
    </message>
    <message>
        <source>is larger than %1</source>
        <translation>大于 %1</translation>
    </message>
    <message>
        <source>is not a regular file%1</source>
        <translation>不是普通文件%1</translation>
    </message>
    <message>
        <source>is not valid gzip data: it ends before the compressed stream does%1</source>
        <translation>不是有效的 gzip 数据：文件在压缩流结束之前就结束了%1</translation>
    </message>
    <message>
        <source>is not valid gzip data: %1</source>
        <translation>不是有效的 gzip 数据：%1</translation>
    </message>
    <message>
        <source>must be a JSON object%1</source>
        <translation>必须是 JSON 对象%1</translation>
    </message>
    <message>
        <source>must be true or false%1</source>
        <translation>必须是 true 或 false%1</translation>
    </message>
    <message>
        <source>must name a field such as comm.bucket_MiB%1</source>
        <translation>必须是字段名，例如 comm.bucket_MiB%1</translation>
    </message>
    <message>
        <source>must be one JSON object per line%1</source>
        <translation>必须每行一个 JSON 对象%1</translation>
    </message>
    <message>
        <source>must be ≥ 0, or -1 when not checked%1</source>
        <translation>必须 ≥ 0，未检查时为 -1%1</translation>
    </message>
    <message>
        <source>must be a string or null%1</source>
        <translation>必须是字符串或 null%1</translation>
    </message>
    <message>
        <source>must be a string%1</source>
        <translation>必须是字符串%1</translation>
    </message>
    <message>
        <source>unknown data type; result skipped%1</source>
        <translation>未知的数据类型；该结果已跳过%1</translation>
    </message>
    <message>
        <source>unknown data type%1</source>
        <translation>未知的数据类型%1</translation>
    </message>
    <message>
        <source>unknown collective%1</source>
        <translation>未知的集合通信操作%1</translation>
    </message>
    <message>
        <source>is required (an object with &quot;en&quot; and &quot;zh_CN&quot;)%1</source>
        <translation>必须给出（含 &quot;en&quot; 和 &quot;zh_CN&quot; 的对象）%1</translation>
    </message>
    <message>
        <source>is required for a collective scene%1</source>
        <translation>集合通信场景必须给出%1</translation>
    </message>
    <message>
        <source>is required with &quot;metric&quot;: name the field the learner changes%1</source>
        <translation>用 &quot;metric&quot; 时必须给出：写明学习者要修改的字段%1</translation>
    </message>
    <message>
        <source>is required by formula %1</source>
        <translation>是公式 %1 的必需输入</translation>
    </message>
    <message>
        <source>is required%1</source>
        <translation>必须给出%1</translation>
    </message>
    <message>
        <source>is too large to simulate (at most 1e15 parameters)%1</source>
        <translation>太大，无法模拟（至多 1e15 个参数）%1</translation>
    </message>
    <message>
        <source>is too large to simulate (at most 1e9 tokens per micro-batch)%1</source>
        <translation>太大，无法模拟（每个 micro-batch 至多 1e9 个 token）%1</translation>
    </message>
    <message>
        <source>must be finite: the scenario&apos;s sizes and speeds together are beyond what the model computes (check hardware and model figures)%1</source>
        <translation>必须是有限值：这个场景的规模和速度合在一起超出了模型能计算的范围（请检查硬件和模型的数值）%1</translation>
    </message>
    <message>
        <source>must be finite and ≥ 0.001 µs (no collective completes faster)%1</source>
        <translation>必须是有限值且 ≥ 0.001 µs（没有集合通信能完成得更快）%1</translation>
    </message>
    <message>
        <source>must be finite and &gt; 0 with bytes ≥ 1%1</source>
        <translation>必须是有限值且 &gt; 0，且 bytes ≥ 1%1</translation>
    </message>
    <message>
        <source>must be finite and in [0, 100000] GB/s (faster than any link)%1</source>
        <translation>必须是有限值且位于 [0, 100000] GB/s（再大就比任何链路都快了）%1</translation>
    </message>
    <message>
        <source>must be finite%1</source>
        <translation>必须是有限值%1</translation>
    </message>
    <message>
        <source>must be a finite number ≥ 0; row skipped%1</source>
        <translation>必须是 ≥ 0 的有限数；该行已跳过%1</translation>
    </message>
    <message>
        <source>must be a finite number ≥ 0%1</source>
        <translation>必须是 ≥ 0 的有限数%1</translation>
    </message>
    <message>
        <source>must be an integer in %1</source>
        <translation>必须是 %1 内的整数</translation>
    </message>
    <message>
        <source>must be an integer ≥ %1</source>
        <translation>必须是 ≥ %1 的整数</translation>
    </message>
    <message>
        <source>must be a number or a hardware figure key (hw.&lt;preset&gt;.&lt;figure&gt;)%1</source>
        <translation>必须是数字或硬件数值的键（hw.&lt;preset&gt;.&lt;figure&gt;）%1</translation>
    </message>
    <message>
        <source>must be a number &gt; 0 (µs); result skipped%1</source>
        <translation>必须是 &gt; 0 的数（µs）；该结果已跳过%1</translation>
    </message>
    <message>
        <source>must be a number &gt; 0%1</source>
        <translation>必须是 &gt; 0 的数%1</translation>
    </message>
    <message>
        <source>must be a number ≥ 0%1</source>
        <translation>必须是 ≥ 0 的数%1</translation>
    </message>
    <message>
        <source>must be a whole number in %1</source>
        <translation>必须是整数，范围 %1</translation>
    </message>
    <message>
        <source>must be a whole byte count in [0, 1 TiB]; result skipped%1</source>
        <translation>必须是 [0, 1 TiB] 内的整数字节数；该结果已跳过%1</translation>
    </message>
    <message>
        <source>must be a whole element count ≥ 0; result skipped%1</source>
        <translation>必须是 ≥ 0 的整数元素个数；该结果已跳过%1</translation>
    </message>
    <message>
        <source>must be at most 2147483647 in magnitude%1</source>
        <translation>绝对值必须至多为 2147483647%1</translation>
    </message>
    <message>
        <source>must be at most 1 TiB (2^40 bytes); row skipped%1</source>
        <translation>必须至多为 1 TiB（2^40 字节）；该行已跳过%1</translation>
    </message>
    <message>
        <source>must be between 1 and 1099511627776 (1 TiB)%1</source>
        <translation>必须介于 1 和 1099511627776（1 TiB）之间%1</translation>
    </message>
    <message>
        <source>must be between 0 and 1099511627776 (1 TiB)%1</source>
        <translation>必须介于 0 和 1099511627776（1 TiB）之间%1</translation>
    </message>
    <message>
        <source>must be between 1 and 65536 for a schedule%1</source>
        <translation>生成调度时必须介于 1 和 65536 之间%1</translation>
    </message>
    <message>
        <source>must be in [0, 1] (fraction of the animation)%1</source>
        <translation>必须位于 [0, 1]（动画进度的比例）%1</translation>
    </message>
    <message>
        <source>must be in (0, 0.5) (relative)%1</source>
        <translation>必须位于 (0, 0.5)（相对误差）%1</translation>
    </message>
    <message>
        <source>must be in [1, 1024] (a node with no NIC cannot reach another node)%1</source>
        <translation>必须位于 [1, 1024]（没有网卡的节点连不到其他节点）%1</translation>
    </message>
    <message>
        <source>must be in [1, 100000000] (0: 2 · gpus)%1</source>
        <translation>必须位于 [1, 100000000]（0 表示 2 · gpus）%1</translation>
    </message>
    <message>
        <source>must be in [0, 1024] (0: every core)%1</source>
        <translation>必须位于 [0, 1024]（0 表示用上所有核心）%1</translation>
    </message>
    <message>
        <source>must be 1%1</source>
        <translation>必须为 1%1</translation>
    </message>
    <message>
        <source>must be -1 (no root) or a rank in [0, %1</source>
        <translation>必须是 -1（没有根节点）或 [0, %1 中的 rank</translation>
    </message>
    <message>
        <source>must be -1 or a rank; row skipped%1</source>
        <translation>必须是 -1 或一个 rank；该行已跳过%1</translation>
    </message>
    <message>
        <source>must be &gt; 0 for a size &gt; 0; row skipped%1</source>
        <translation>size &gt; 0 时必须 &gt; 0；该行已跳过%1</translation>
    </message>
    <message>
        <source>must equal the file name without .json %1</source>
        <translation>必须等于去掉 .json 后的文件名 %1</translation>
    </message>
    <message>
        <source>must equal nodes × gpus per node = %1</source>
        <translation>必须等于节点数 × 每节点 GPU 数 = %1</translation>
    </message>
    <message>
        <source>unknown preset (known: %1</source>
        <translation>未知的预设 (已知：%1</translation>
    </message>
    <message>
        <source>unknown model (known: %1</source>
        <translation>未知的模型 (已知：%1</translation>
    </message>
    <message>
        <source>unknown key (expected one of: %1</source>
        <translation>未知的键 (应为以下之一：%1</translation>
    </message>
    <message>
        <source>unknown key%1</source>
        <translation>未知的键%1</translation>
    </message>
    <message>
        <source>unknown fabric (known: ib, roce, efa, ethernet)%1</source>
        <translation>未知的网络类型（已知：ib、roce、efa、ethernet）%1</translation>
    </message>
    <message>
        <source>unknown type (float, half, bfloat16, double, int8, ...)%1</source>
        <translation>未知的类型（float、half、bfloat16、double、int8 等）%1</translation>
    </message>
    <message>
        <source>cannot be compared with %1</source>
        <translation>无法与 %1 比较</translation>
    </message>
    <message>
        <source>cannot be evaluated: %1</source>
        <translation>无法求值：%1</translation>
    </message>
    <message>
        <source>does not hold: %1</source>
        <translation>不成立：%1</translation>
    </message>
    <message>
        <source>does not fit the formula&apos;s answer (%1</source>
        <translation>与公式答案的单位不符 (%1</translation>
    </message>
    <message>
        <source>does not fit the answer of %1</source>
        <translation>与 %1 的答案单位不符</translation>
    </message>
    <message>
        <source>does not name a lesson step (lesson-id#step-id)%1</source>
        <translation>没有指向课程中的某一步（lesson-id#step-id）%1</translation>
    </message>
    <message>
        <source>does not resolve%1</source>
        <translation>无法解析%1</translation>
    </message>
    <message>
        <source>was written, but its folder could not be synced: %1</source>
        <translation>已写入，但无法同步它所在的文件夹：%1</translation>
    </message>
    <message>
        <source>inflates to more than %1</source>
        <translation>解压后超过 %1</translation>
    </message>
    <message>
        <source>is not a directory%1</source>
        <translation>不是文件夹%1</translation>
    </message>
    <message>
        <source>malformed JSON: %1</source>
        <translation>JSON 格式错误：%1</translation>
    </message>
    <message>
        <source>too large to hold in memory%1</source>
        <translation>太大，内存装不下%1</translation>
    </message>
    <message>
        <source>must be ≥ 0; row skipped%1</source>
        <translation>必须 ≥ 0；该行已跳过%1</translation>
    </message>
    <message>
        <source>must be ≥ %1</source>
        <translation>必须 ≥ %1</translation>
    </message>
    <message>
        <source>must be a non-empty string%1</source>
        <translation>必须是非空字符串%1</translation>
    </message>
    <message>
        <source>must be a non-empty array of steps%1</source>
        <translation>必须是非空的步骤数组%1</translation>
    </message>
    <message>
        <source>must be a non-empty list of rows%1</source>
        <translation>必须是非空的行列表%1</translation>
    </message>
    <message>
        <source>must be an array of strings%1</source>
        <translation>必须是字符串数组%1</translation>
    </message>
    <message>
        <source>must be an array of at least two texts%1</source>
        <translation>必须是至少含两段文本的数组%1</translation>
    </message>
    <message>
        <source>must be an array of runs%1</source>
        <translation>必须是由各次运行组成的数组%1</translation>
    </message>
    <message>
        <source>must be an object with &quot;en&quot; and &quot;zh_CN&quot;%1</source>
        <translation>必须是含 &quot;en&quot; 和 &quot;zh_CN&quot; 的对象%1</translation>
    </message>
    <message>
        <source>must be an object with &quot;scenario&quot; and &quot;measured&quot;%1</source>
        <translation>必须是含 &quot;scenario&quot; 和 &quot;measured&quot; 的对象%1</translation>
    </message>
    <message>
        <source>must be an object of dotted path → value%1</source>
        <translation>必须是“点分路径 → 值”形式的对象%1</translation>
    </message>
    <message>
        <source>must be an object of name → scene%1</source>
        <translation>必须是“名称 → 场景”形式的对象%1</translation>
    </message>
    <message>
        <source>must be an object {field|metric, op, value}%1</source>
        <translation>必须是对象 {field|metric, op, value}%1</translation>
    </message>
    <message>
        <source>must be an object name → values%1</source>
        <translation>必须是“名称 → 取值”形式的对象%1</translation>
    </message>
    <message>
        <source>must be an object%1</source>
        <translation>必须是对象%1</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation>必须是以下之一：%1</translation>
    </message>
    <message>
        <source>unknown data type; row skipped%1</source>
        <translation>未知的数据类型；该行已跳过%1</translation>
    </message>
    <message>
        <source>is missing or empty: every text needs both languages%1</source>
        <translation>缺失或为空：每段文本都需要两种语言%1</translation>
    </message>
    <message>
        <source>must be collective for a collective scene%1</source>
        <translation>集合通信场景必须是 collective%1</translation>
    </message>
    <message>
        <source>must be timeline or charts for a scenario scene%1</source>
        <translation>训练场景必须是 timeline 或 charts%1</translation>
    </message>
    <message>
        <source>must be &quot;collective&quot; or &quot;scenario&quot;%1</source>
        <translation>必须是 &quot;collective&quot; 或 &quot;scenario&quot;%1</translation>
    </message>
    <message>
        <source>needs exactly one of &quot;field&quot; or &quot;metric&quot;%1</source>
        <translation>&quot;field&quot; 和 &quot;metric&quot; 必须恰好给出一个%1</translation>
    </message>
    <message>
        <source>must be a name of letters, digits and _ that no figure prefix uses (scene, cost, metrics, …)%1</source>
        <translation>必须是由字母、数字和 _ 组成、且不与任何数值前缀重名的名称（scene、cost、metrics 等）%1</translation>
    </message>
    <message>
        <source>is not a curriculum topic id (see lessons/README.md)%1</source>
        <translation>不是课程大纲中的主题 id（见 lessons/README.md）%1</translation>
    </message>
    <message>
        <source>is used by an earlier step of this lesson%1</source>
        <translation>已被本课前面的步骤使用%1</translation>
    </message>
    <message>
        <source>contains no lesson files (*.json)%1</source>
        <translation>不含课程文件（*.json）%1</translation>
    </message>
    <message>
        <source>is not a collective (%1</source>
        <translation>不是集合通信操作 (%1</translation>
    </message>
    <message>
        <source>is not an algorithm (%1</source>
        <translation>不是算法 (%1</translation>
    </message>
    <message>
        <source>must be auto, LL, LL128 or Simple%1</source>
        <translation>必须是 auto、LL、LL128 或 Simple%1</translation>
    </message>
    <message>
        <source>is not a data type (bf16, fp16, fp32, fp8, int8, ...)%1</source>
        <translation>不是数据类型（bf16、fp16、fp32、fp8、int8 等）%1</translation>
    </message>
    <message>
        <source>must be a size such as 64MiB, 1GiB or 4096%1</source>
        <translation>必须是大小，例如 64MiB、1GiB 或 4096%1</translation>
    </message>
    <message>
        <source>is not a numeric figure of the scene%1</source>
        <translation>不是场景中的数值%1</translation>
    </message>
    <message>
        <source>is not a field of the scene%1</source>
        <translation>不是场景中的字段%1</translation>
    </message>
    <message>
        <source>must be &quot;lesson-id#step-id&quot;%1</source>
        <translation>必须是 &quot;lesson-id#step-id&quot; 的形式%1</translation>
    </message>
    <message>
        <source>must index one of the choices (0-based)%1</source>
        <translation>必须是某个选项的下标（从 0 开始）%1</translation>
    </message>
    <message>
        <source>is not a known formula (lessons/README.md lists them)%1</source>
        <translation>不是已知的公式（lessons/README.md 列出了所有公式）%1</translation>
    </message>
    <message>
        <source>is not a known formula%1</source>
        <translation>不是已知的公式%1</translation>
    </message>
    <message>
        <source>needs min ≤ max and 0 &lt; step with at most 10,000 values%1</source>
        <translation>需要 min ≤ max、0 &lt; step，且至多 10,000 个取值%1</translation>
    </message>
    <message>
        <source>step is below the precision of min and max (a double)%1</source>
        <translation>step 小于 min 和 max 的精度（double）%1</translation>
    </message>
    <message>
        <source>must be a list of values or {min, max, step}%1</source>
        <translation>必须是取值列表或 {min, max, step}%1</translation>
    </message>
    <message>
        <source>has no values%1</source>
        <translation>没有取值%1</translation>
    </message>
    <message>
        <source>is not a named model (commtutor-cli search --help lists them)%1</source>
        <translation>不是已命名的模型（commtutor-cli search --help 会列出它们）%1</translation>
    </message>
    <message>
        <source>is not a hardware preset id%1</source>
        <translation>不是硬件预设的 id%1</translation>
    </message>
    <message>
        <source>must be choice, numeric, open or design%1</source>
        <translation>必须是 choice、numeric、open 或 design%1</translation>
    </message>
    <message>
        <source>the file must be an object {&quot;questions&quot;: [...]}%1</source>
        <translation>文件必须是对象 {&quot;questions&quot;: [...]}%1</translation>
    </message>
    <message>
        <source>is used by another question%1</source>
        <translation>已被另一道题使用%1</translation>
    </message>
    <message>
        <source>is not the id of a question%1</source>
        <translation>不是任何一道题的 id%1</translation>
    </message>
    <message>
        <source>leads back to a question of its chain%1</source>
        <translation>又指回了这条追问链中的题目%1</translation>
    </message>
    <message>
        <source>every generated figure must be finite%1</source>
        <translation>生成的每个数值都必须是有限值%1</translation>
    </message>
    <message>
        <source>must be &quot;gelu&quot; or &quot;swiglu&quot;%1</source>
        <translation>必须是 &quot;gelu&quot; 或 &quot;swiglu&quot;%1</translation>
    </message>
    <message>
        <source>must be &quot;gpipe&quot;, &quot;1f1b&quot; or &quot;interleaved&quot;%1</source>
        <translation>必须是 &quot;gpipe&quot;、&quot;1f1b&quot; 或 &quot;interleaved&quot;%1</translation>
    </message>
    <message>
        <source>must be a data type such as &quot;bf16&quot;, &quot;fp16&quot; or &quot;fp32&quot;%1</source>
        <translation>必须是数据类型，例如 &quot;bf16&quot;、&quot;fp16&quot; 或 &quot;fp32&quot;%1</translation>
    </message>
    <message>
        <source>must be a data type such as &quot;bf16&quot; or &quot;fp32&quot;%1</source>
        <translation>必须是数据类型，例如 &quot;bf16&quot; 或 &quot;fp32&quot;%1</translation>
    </message>
    <message>
        <source>must be &quot;bf16&quot; or &quot;fp8&quot;%1</source>
        <translation>必须是 &quot;bf16&quot; 或 &quot;fp8&quot;%1</translation>
    </message>
    <message>
        <source>must be &quot;none&quot;, &quot;selective&quot; or &quot;full&quot;%1</source>
        <translation>必须是 &quot;none&quot;、&quot;selective&quot; 或 &quot;full&quot;%1</translation>
    </message>
    <message>
        <source>the stages&apos; orders wait on each other (deadlock); please report this scenario%1</source>
        <translation>各流水线阶段的执行顺序互相等待（死锁）；请报告这个场景%1</translation>
    </message>
    <message>
        <source>needs iteration_s, tokens_per_s_per_gpu, tflops_per_gpu or mfu &gt; 0%1</source>
        <translation>需要 iteration_s、tokens_per_s_per_gpu、tflops_per_gpu 或 mfu 中有一个 &gt; 0%1</translation>
    </message>
    <message>
        <source>no algorithm can run this collective with it on this topology%1</source>
        <translation>在这个拓扑上，没有算法能用这个协议运行这个集合通信%1</translation>
    </message>
    <message>
        <source>no algorithm can run this request%1</source>
        <translation>没有算法能运行这个请求%1</translation>
    </message>
    <message>
        <source>NVLS runs the Simple protocol only%1</source>
        <translation>NVLS 只运行 Simple 协议%1</translation>
    </message>
    <message>
        <source>NVLSTree and CollNet run the Simple protocol only%1</source>
        <translation>NVLSTree 和 CollNet 只运行 Simple 协议%1</translation>
    </message>
    <message>
        <source>LL128 needs NVLink inside the node (NCCL enables it by default only there)%1</source>
        <translation>LL128 需要节点内的 NVLink（NCCL 只在那里默认启用它）%1</translation>
    </message>
    <message>
        <source>must be a count or N/A; row skipped%1</source>
        <translation>必须是计数或 N/A；该行已跳过%1</translation>
    </message>
    <message>
        <source>per-iteration columns must be numbers (µs); row skipped%1</source>
        <translation>每次迭代的各列必须是数字（µs）；该行已跳过%1</translation>
    </message>
    <message>
        <source>a data row has size count type [redop] [root], then time algbw busbw #wrong (and i_min i_max i_p99 i_cv% with -I 1) for out-of-place and in-place, then a timestamp with -S 1; row skipped%1</source>
        <translation>数据行先是 size count type [redop] [root]，再是非原地和原地各一组 time algbw busbw #wrong（用 -I 1 时还有 i_min i_max i_p99 i_cv%），用 -S 1 时最后是时间戳；该行已跳过%1</translation>
    </message>
    <message>
        <source>this run&apos;s header has no data rows after it (the test failed or the log was cut)%1</source>
        <translation>这次运行的表头之后没有数据行（测试失败了，或日志被截断了）%1</translation>
    </message>
    <message>
        <source>an nccl-tests -J file is an object with a &quot;results&quot; list%1</source>
        <translation>nccl-tests 的 -J 文件是带 &quot;results&quot; 列表的对象%1</translation>
    </message>
    <message>
        <source>the -J file has no timed result%1</source>
        <translation>-J 文件里没有计时结果%1</translation>
    </message>
    <message>
        <source>unexpected value type (%1</source>
        <translation>意外的值类型 (%1</translation>
    </message>
    <message>
        <source>no data rows (size count type redop root time algbw busbw #wrong)%1</source>
        <translation>没有数据行（size count type redop root time algbw busbw #wrong）%1</translation>
    </message>
    <message>
        <source>no nccl-tests data rows (size count type [redop] [root] time algbw busbw #wrong ...)%1</source>
        <translation>没有 nccl-tests 数据行（size count type [redop] [root] time algbw busbw #wrong ...）%1</translation>
    </message>
    <message>
        <source>no &quot;# Collective test starting&quot; line, no &lt;name&gt;_perf binary in the log and none in the file name; pass the collective (--op)%1</source>
        <translation>没有 &quot;# Collective test starting&quot; 行，日志和文件名里也没有 &lt;name&gt;_perf 程序名；请指定集合通信操作（--op）%1</translation>
    </message>
    <message>
        <source>no &quot;#  Rank N&quot; device lines; pass the rank count (--ranks)%1</source>
        <translation>没有 &quot;#  Rank N&quot; 设备行；请指定 rank 数（--ranks）%1</translation>
    </message>
    <message>
        <source>calibration needs at least 2 sizes%1</source>
        <translation>校准至少需要 2 种消息大小%1</translation>
    </message>
    <message>
        <source>calibration needs at least 2 distinct sizes of %1</source>
        <translation>校准至少需要 2 种不同的消息大小：%1</translation>
    </message>
    <message>
        <source>show no bandwidth term (time does not grow with size); add larger sizes%1</source>
        <translation>看不出带宽项（时间不随大小增长）；请加入更大的消息%1</translation>
    </message>
    <message>
        <source>must be algorithm/protocol, e.g. &quot;ring/LL128&quot;%1</source>
        <translation>必须是“算法/协议”，例如 &quot;ring/LL128&quot;%1</translation>
    </message>
    <message>
        <source>must name an algorithm, e.g. &quot;ring&quot; or &quot;nvls/Simple&quot;%1</source>
        <translation>必须是算法名，例如 &quot;ring&quot; 或 &quot;nvls/Simple&quot;%1</translation>
    </message>
    <message>
        <source>nodes × gpus_per_node must not exceed %1</source>
        <translation>nodes × gpus_per_node 不得超过 %1</translation>
    </message>
    <message>
        <source>the validation set is an object with a &quot;runs&quot; list%1</source>
        <translation>验证集是带 &quot;runs&quot; 列表的对象%1</translation>
    </message>
    <message>
        <source>a PyTorch profiler trace is a JSON object with a &quot;traceEvents&quot; array%1</source>
        <translation>PyTorch profiler 的 trace 是带 &quot;traceEvents&quot; 数组的 JSON 对象%1</translation>
    </message>
    <message>
        <source>hold no GPU kernel (cat &quot;kernel&quot; or &quot;gpu_memcpy&quot;): record the trace with ProfilerActivity.CUDA to analyse communication%1</source>
        <translation>不含任何 GPU kernel（cat 为 &quot;kernel&quot; 或 &quot;gpu_memcpy&quot;）：请用 ProfilerActivity.CUDA 录制 trace，才能分析通信%1</translation>
    </message>
    <message>
        <source>open at least one PyTorch profiler trace%1</source>
        <translation>请至少打开一个 PyTorch profiler trace%1</translation>
    </message>
    <message>
        <source>more traces than distributedInfo.world_size = %1</source>
        <translation>trace 数多于 distributedInfo.world_size = %1</translation>
    </message>
    <message>
        <source>; row skipped</source>
        <translation>；已跳过该行</translation>
    </message>
    <message>
        <source>; result skipped</source>
        <translation>；已跳过该结果</translation>
    </message>
    <message>
        <source>this reader speaks protocol %1</source>
        <translation>本程序读取的是协议版本 %1</translation>
    </message>
    <message>
        <source>empty line%1</source>
        <translation>空行%1</translation>
    </message>
    <message>
        <source>malformed JSON: syntax error while parsing %1 - %2; last read: %3; expected %4</source>
        <translation>JSON 格式错误：解析%1时出错：%2；最后读到 %3；此处应为%4</translation>
    </message>
    <message>
        <source>malformed JSON: syntax error while parsing %1 - unexpected %2; expected %3</source>
        <translation>JSON 格式错误：解析%1时遇到意外的%2；此处应为%3</translation>
    </message>
    <message>
        <source>malformed JSON: syntax error while parsing %1 - %2; last read: %3</source>
        <translation>JSON 格式错误：解析%1时出错：%2；最后读到 %3</translation>
    </message>
    <message>
        <source>malformed JSON: syntax error while parsing %1 - unexpected %2</source>
        <translation>JSON 格式错误：解析%1时遇到意外的%2</translation>
    </message>
    <message>
        <source>malformed JSON: number overflow parsing %1</source>
        <translation>JSON 格式错误：数字 %1 超出可表示的范围</translation>
    </message>
    <message>
        <source>not valid JSON (%1)</source>
        <translation>不是有效的 JSON（%1）</translation>
    </message>
    <message>
        <source>not a JSON record (%1): %2</source>
        <translation>不是 JSON 记录（%1）：%2</translation>
    </message>
    <message>
        <source>the text is %1 bytes; at most %2 are read</source>
        <translation>文本有 %1 字节；最多读取 %2 字节</translation>
    </message>
    <message>
        <source>a string of %1 bytes; at most %2 are read</source>
        <translation>字符串有 %1 字节；最多读取 %2 字节</translation>
    </message>
    <message>
        <source>a string longer than %1 bytes</source>
        <translation>字符串超过 %1 字节</translation>
    </message>
    <message>
        <source>nesting deeper than %1 levels of [ ] and { }</source>
        <translation>[ ] 与 { } 的嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>more than %1 entries in one list or object</source>
        <translation>一个列表或对象中超过 %1 项</translation>
    </message>
    <message>
        <source>is %1; at most %2 is read</source>
        <translation>大小为 %1；最多读取 %2</translation>
    </message>
    <message>
        <source>cannot be written: %1 (the old file is kept)</source>
        <translation>无法写入：%1（旧文件保留不变）</translation>
    </message>
    <message>
        <source>cannot be written: %1 (no file was created)</source>
        <translation>无法写入：%1（未创建文件）</translation>
    </message>
    <message>
        <source>was written, but its folder could not be synced: %1 (a power cut may bring the old file back)</source>
        <translation>已写入，但其所在文件夹无法同步到磁盘：%1（断电后可能恢复为旧文件）</translation>
    </message>
    <message>
        <source>is not a valid claim: column %1: %2</source>
        <translation>不是有效的断言：第 %1 列：%2</translation>
    </message>
    <message>
        <source>cannot be evaluated: column %1: %2</source>
        <translation>无法求值：第 %1 列：%2</translation>
    </message>
    <message>
        <source>would put %1 ranks on each node, but a %2 node has %3 GPUs: use at least %4 nodes for %5 ranks</source>
        <translation>每个节点将放 %1 个 rank，但 %2 的一个节点只有 %3 块 GPU：%5 个 rank 至少需要 %4 个节点</translation>
    </message>
    <message>
        <source>must be a multiple of parallel.pp = %1 for the interleaved schedule</source>
        <translation>使用 interleaved 调度时必须是 parallel.pp = %1 的倍数</translation>
    </message>
    <message>
        <source>times model.layers = %1 is too large to simulate (at most 100,000 layer passes)</source>
        <translation>乘以 model.layers = %1 后太大，无法模拟（最多 100,000 次层计算）</translation>
    </message>
    <message>
        <source>no layout of %1 runs on these GPUs (every one breaks a rule or memory)</source>
        <translation>%1 在这些 GPU 上没有可运行的并行布局（每一种都违反规则或超出显存）</translation>
    </message>
    <message>
        <source>skipped; the first %1 are listed</source>
        <translation>已跳过；只列出前 %1 条</translation>
    </message>
    <message>
        <source>%1 made no progress for %2 s: rank %3 waited in %4 for another rank (%5); communicator aborted</source>
        <translation>%1 已有 %2 秒没有进展：rank %3 在 %4 中等待其他 rank（%5）；通信器已中止</translation>
    </message>
    <message>
        <source>%1 made no progress for %2 s: rank %3 waited in %4 for another rank; communicator aborted</source>
        <translation>%1 已有 %2 秒没有进展：rank %3 在 %4 中等待其他 rank；通信器已中止</translation>
    </message>
    <message>
        <source>%1 made no progress for %2 s: rank %3 stopped outside any library call; communicator aborted</source>
        <translation>%1 已有 %2 秒没有进展：rank %3 停在了库调用之外；通信器已中止</translation>
    </message>
    <message>
        <source>allocating the buffers of %1 of %2 B (%3 per rank) failed: out of memory</source>
        <translation>为 %2 B 的 %1 分配缓冲区（每个 rank %3）失败：内存不足</translation>
    </message>
    <message>
        <source>the %1 backend moves at most %2 elements per call (%3)</source>
        <translation>%1 后端每次调用最多传输 %2 个元素（%3）</translation>
    </message>
    <message>
        <source>needs %1 of buffers per rank (send and receive, 2 × S), more than %2</source>
        <translation>每个 rank 需要 %1 的缓冲区（发送与接收，2 × S），超过 %2</translation>
    </message>
    <message>
        <source>-g %1 asks for more GPUs than the %2 visible</source>
        <translation>-g %1 要求的 GPU 多于可见的 %2 块</translation>
    </message>
    <message>
        <source>count %1 exceeds the int count of MPI calls (at most 2^31−1 elements)</source>
        <translation>元素数 %1 超过 MPI 调用的 int 计数上限（最多 2^31−1 个元素）</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>object key</source>
        <translation>对象的键</translation>
    </message>
    <message>
        <source>object separator</source>
        <translation>对象的键值分隔符</translation>
    </message>
    <message>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>invalid literal</source>
        <translation>无效的字面量</translation>
    </message>
    <message>
        <source>invalid string: missing closing quote</source>
        <translation>无效的字符串：缺少结尾的引号</translation>
    </message>
    <message>
        <source>invalid string: &apos;\u&apos; must be followed by 4 hex digits</source>
        <translation>无效的字符串：&apos;\u&apos; 后面必须是 4 位十六进制数字</translation>
    </message>
    <message>
        <source>invalid string: forbidden character after backslash</source>
        <translation>无效的字符串：反斜杠后是不允许的字符</translation>
    </message>
    <message>
        <source>invalid string: ill-formed UTF-8 byte</source>
        <translation>无效的字符串：UTF-8 字节格式错误</translation>
    </message>
    <message>
        <source>invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF</source>
        <translation>无效的字符串：代理项 U+D800..U+DBFF 之后必须是 U+DC00..U+DFFF</translation>
    </message>
    <message>
        <source>invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF</source>
        <translation>无效的字符串：代理项 U+DC00..U+DFFF 必须紧跟在 U+D800..U+DBFF 之后</translation>
    </message>
    <message>
        <source>invalid string: control character %1 must be escaped to %2</source>
        <translation>无效的字符串：控制字符 %1 必须转义为 %2</translation>
    </message>
    <message>
        <source>invalid number; expected digit after %1</source>
        <translation>无效的数字：%1 之后应为数字</translation>
    </message>
    <message>
        <source>invalid number; expected &apos;+&apos;, &apos;-&apos;, or digit after exponent</source>
        <translation>无效的数字：指数后应为 &apos;+&apos;、&apos;-&apos; 或数字</translation>
    </message>
    <message>
        <source>invalid number; expected digit after exponent sign</source>
        <translation>无效的数字：指数符号后应为数字</translation>
    </message>
    <message>
        <source>invalid BOM; must be 0xEF 0xBB 0xBF if given</source>
        <translation>无效的 BOM：如果有，必须是 0xEF 0xBB 0xBF</translation>
    </message>
    <message>
        <source>end of input</source>
        <translation>输入结尾</translation>
    </message>
    <message>
        <source>&apos;[&apos;, &apos;{&apos;, or a literal</source>
        <translation>&apos;[&apos;、&apos;{&apos; 或字面量</translation>
    </message>
    <message>
        <source>string literal</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>number literal</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>true literal</source>
        <translation>true</translation>
    </message>
    <message>
        <source>false literal</source>
        <translation>false</translation>
    </message>
    <message>
        <source>null literal</source>
        <translation>null</translation>
    </message>
    <message>
        <source>unknown token</source>
        <translation>无法识别的记号</translation>
    </message>
    <message>
        <source>the claim is empty</source>
        <translation>断言为空</translation>
    </message>
    <message>
        <source>the value is not finite</source>
        <translation>结果不是有限数</translation>
    </message>
    <message>
        <source>unexpected %1</source>
        <translation>意外的 %1</translation>
    </message>
    <message>
        <source>division by zero</source>
        <translation>除以零</translation>
    </message>
    <message>
        <source>expected a number, a {{figure}}, a function or &apos;(&apos;</source>
        <translation>此处应为数字、{{…}} 数值、函数或 &apos;(&apos;</translation>
    </message>
    <message>
        <source>expected &apos;)&apos; or &apos;,&apos;</source>
        <translation>此处应为 &apos;)&apos; 或 &apos;,&apos;</translation>
    </message>
    <message>
        <source>expected &apos;)&apos;</source>
        <translation>此处应为 &apos;)&apos;</translation>
    </message>
    <message>
        <source>expected &apos;(&apos; after %1</source>
        <translation>%1 之后应为 &apos;(&apos;</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <source>unknown function &apos;%1&apos; (abs, min, max)</source>
        <translation>未知函数 &apos;%1&apos;（可用 abs、min、max）</translation>
    </message>
    <message>
        <source>abs takes one argument</source>
        <translation>abs 只接受一个参数</translation>
    </message>
    <message>
        <source>&apos;{{&apos; without &apos;}}&apos;</source>
        <translation>&apos;{{&apos; 缺少对应的 &apos;}}&apos;</translation>
    </message>
    <message>
        <source>empty {{}}</source>
        <translation>空的 {{}}</translation>
    </message>
    <message>
        <source>{{%1}}: division by zero</source>
        <translation>{{%1}}：除以零</translation>
    </message>
    <message>
        <source>{{%1}} is not a figure of the step</source>
        <translation>{{%1}} 不是该步骤的数值</translation>
    </message>
    <message>
        <source>{{%1}} is text, not a number</source>
        <translation>{{%1}} 是文本，不是数字</translation>
    </message>
    <message>
        <source>{{%1}} is not finite</source>
        <translation>{{%1}} 不是有限数</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>文件或目录不存在</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation>设备上没有剩余空间</translation>
    </message>
    <message>
        <source>File too large</source>
        <translation>文件过大</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>是一个目录</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>不是目录</translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation>只读文件系统</translation>
    </message>
    <message>
        <source>File exists</source>
        <translation>文件已存在</translation>
    </message>
    <message>
        <source>Too many open files</source>
        <translation>打开的文件过多</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>Disk quota exceeded</source>
        <translation>超出磁盘配额</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>with bytes = %1 means %2 GB/s, more than any link (%3 GB/s)</source>
        <translation>配合 bytes = %1 意味着 %2 GB/s，超过任何链路（%3 GB/s）</translation>
    </message>
    <message>
        <source>must be one JSON object per line (%1)</source>
        <translation>必须每行一个 JSON 对象（%1）</translation>
    </message>
    <message>
        <source>2·cp must divide model.seq_len, which Megatron-Core splits into 2·cp chunks; model.seq_len = %1</source>
        <translation>2·cp 必须整除 model.seq_len（Megatron-Core 把序列切成 2·cp 块）；model.seq_len = %1</translation>
    </message>
    <message>
        <source>needs compute.flash_attention = true: ring attention runs FlashAttention block by block%1</source>
        <translation>需要 compute.flash_attention = true：Ring Attention 按块运行 FlashAttention%1</translation>
    </message>
</context>
<context>
    <name>tutor::views::SweepChart</name>
    <message>
        <source>Sweep: no valid points</source>
        <translation>扫描：没有有效的点</translation>
    </message>
    <message>
        <source>Sweep over %1</source>
        <translation>扫描 %1</translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation>步时间（毫秒）</translation>
    </message>
    <message>
        <source>Exposed communication (ms)</source>
        <translation>暴露的通信（毫秒）</translation>
    </message>
    <message>
        <source>Current scenario</source>
        <translation>当前场景</translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>One figure of the step (step time and exposed communication, bubble, MFU or tokens/s) as one parameter of the scenario varies; the ring marks the current value</source>
        <translation>场景的某个参数变化时训练步的一项指标（步时间与暴露的通信、气泡、MFU 或 tokens/s）；圆圈标出当前取值</translation>
    </message>
    <message>
        <source>step time and exposed communication</source>
        <translation>步时间与暴露的通信</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>Sweeping %1…</source>
        <translation>正在扫描 %1…</translation>
    </message>
    <message>
        <source>Pipeline bubble (%)</source>
        <translation>流水线气泡（%）</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU（%）</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>percent</source>
        <translation>百分比</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
</context>
<context>
    <name>tutor::views::Text</name>
    <message>
        <source>none</source>
        <translation>不重算</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性重算</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全重算</translation>
    </message>
    <message>
        <source>selective, op-level (torchtitan)</source>
        <translation>算子级选择性重算（torchtitan）</translation>
    </message>
    <message>
        <source>eager PyTorch, one kernel per op</source>
        <translation>PyTorch eager，每个算子一个内核</translation>
    </message>
    <message>
        <source>fused (Megatron, torch.compile)</source>
        <translation>融合（Megatron、torch.compile）</translation>
    </message>
    <message>
        <source>own cast kernels (torchao dynamic scaling)</source>
        <translation>单独的转换内核（torchao 动态缩放）</translation>
    </message>
    <message>
        <source>amax + cast kernels (TE current scaling)</source>
        <translation>最大绝对值 + 转换内核（TE 当前缩放）</translation>
    </message>
    <message>
        <source>one quantize kernel (TE MXFP8)</source>
        <translation>单个量化内核（TE MXFP8）</translation>
    </message>
    <message>
        <source>norm-written fp8 + casts (TE delayed scaling)</source>
        <translation>归一化写 fp8 + 转换内核（TE 延迟缩放）</translation>
    </message>
    <message>
        <source>FlashAttention-2 (PyTorch SDPA, torchtitan)</source>
        <translation>FlashAttention-2（PyTorch SDPA，torchtitan）</translation>
    </message>
    <message>
        <source>Triton FlashAttention (llm-foundry MPT, 2023)</source>
        <translation>Triton 版 FlashAttention（llm-foundry MPT，2023）</translation>
    </message>
    <message>
        <source>cuDNN (Transformer Engine, Megatron)</source>
        <translation>cuDNN（Transformer Engine 默认使用，Megatron）</translation>
    </message>
    <message>
        <source>per-layer scopes (Transformer Engine)</source>
        <translation>逐层范围（Transformer Engine）</translation>
    </message>
    <message>
        <source>the whole iteration</source>
        <translation>整个迭代</translation>
    </message>
    <message>
        <source>none (eager launches)</source>
        <translation>不用（即时发射）</translation>
    </message>
</context>
<context>
    <name>tutor::views::Timeline</name>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>idle (bubble)</source>
        <translation>空闲（气泡）</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>tensor-parallel comm</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <source>data-parallel comm</source>
        <translation>数据并行通信</translation>
    </message>
    <message>
        <source>pipeline send/recv</source>
        <translation>流水线发送/接收</translation>
    </message>
    <message>
        <source>expert all-to-all</source>
        <translation>专家 all-to-all</translation>
    </message>
    <message>
        <source>a layer&apos;s forward pass (GPU compute)</source>
        <translation>一层的前向计算（GPU 计算）</translation>
    </message>
    <message>
        <source>a layer&apos;s backward pass: gradients, about twice the forward</source>
        <translation>一层的反向计算：求梯度，约为前向的两倍</translation>
    </message>
    <message>
        <source>activation recomputation: the forward run again in backward</source>
        <translation>激活重计算：在反向时再跑一遍前向</translation>
    </message>
    <message>
        <source>the optimizer step (Adam) after the gradients</source>
        <translation>梯度之后的优化器步（Adam）</translation>
    </message>
    <message>
        <source>tp</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>dp</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>pp</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>ep</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>stage %1 · %2</source>
        <translation>阶段 %1 · %2</translation>
    </message>
    <message>
        <source>a collective or point-to-point transfer of this parallel dimension; hover it for its cost</source>
        <translation>该并行维度的一次集合通信或点对点传输；悬停可查看其开销</translation>
    </message>
    <message>
        <source>exposed (red)</source>
        <translation>暴露（红色）</translation>
    </message>
    <message>
        <source>the part of a transfer that compute did not hide: the step waits for it</source>
        <translation>传输中未被计算掩盖的部分：训练步要等它完成</translation>
    </message>
    <message>
        <source>hatched: the GPU computes nothing here (pipeline bubble, or waiting for data)</source>
        <translation>斜线：GPU 此处不做计算（流水线气泡，或在等待数据）</translation>
    </message>
    <message>
        <source>compute kernel</source>
        <translation>计算 kernel</translation>
    </message>
    <message>
        <source>rank %1 · s%2 %3</source>
        <translation>rank %1 · 流%2 %3</translation>
    </message>
    <message>
        <source>NCCL</source>
        <translation>NCCL</translation>
    </message>
    <message>
        <source>a measured GPU kernel that is not communication (matrix multiply, attention, element-wise)</source>
        <translation>实测的非通信 GPU kernel（矩阵乘、注意力、逐元素运算）</translation>
    </message>
    <message>
        <source>NCCL kernel</source>
        <translation>NCCL kernel</translation>
    </message>
    <message>
        <source>a measured NCCL kernel (collective or send/recv); hover it for its size</source>
        <translation>实测的 NCCL kernel（集合通信或 send/recv）；悬停查看大小</translation>
    </message>
    <message>
        <source>cp</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>context-parallel ring (K/V)</source>
        <translation>上下文并行环 (K/V)</translation>
    </message>
</context>
<context>
    <name>tutor::views::TimelineView</name>
    <message>
        <source>Training-step timeline. Wheel or pinch to zoom, drag to pan, Shift+drag or right-drag to zoom into a box, double-click to fit, click an event to select it.</source>
        <translation>训练步时间线。滚轮或捏合缩放，拖动平移，Shift+拖动或右键拖动框选放大，双击适应窗口，单击事件选中它。</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Lane</source>
        <translation>泳道</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>通信组</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>桶</translation>
    </message>
    <message>
        <source>Exposed</source>
        <translation>暴露</translation>
    </message>
    <message>
        <source>%1 (%2% of the collective)</source>
        <translation>%1（占该集合通信的 %2%）</translation>
    </message>
    <message>
        <source>No timeline yet</source>
        <translation>还没有时间线</translation>
    </message>
</context>
</TS>
