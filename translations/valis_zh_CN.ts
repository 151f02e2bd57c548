<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <source>two tools share a name: %1</source>
        <translation>有两个工具同名：%1</translation>
    </message>
    <message>
        <source>the turn stopped after %1 model requests, its step limit</source>
        <translation>本轮次在发出 %1 次模型请求后停止，已达到其步数上限</translation>
    </message>
    <message>
        <source>the turn stopped after spending $%1 of its $%2 budget</source>
        <translation>本轮次在花费 $%1（预算 $%2）后停止</translation>
    </message>
    <message>
        <source>an image of this session cannot be read from the store, so the model gets a note in its place: %1</source>
        <translation>无法从存储中读取此会话的一张图片，因此模型会在该处收到一条说明：%1</translation>
    </message>
    <message>
        <source>the answer stopped (%1) while a tool call&apos;s arguments were still being written; that call was not run</source>
        <translation>回答在写入某个工具调用的参数时中止（%1）；该调用未执行</translation>
    </message>
    <message>
        <source>the answer was cut off at the model&apos;s output limit</source>
        <translation>回答在达到模型的输出上限时被截断</translation>
    </message>
    <message>
        <source>the context is nearly full; waiting for the summary of its oldest part</source>
        <translation>上下文即将占满；正在等待其最早部分的摘要</translation>
    </message>
    <message>
        <source>the model could not summarise the oldest part of the context (%1); an extractive summary is used instead</source>
        <translation>模型无法为上下文的最早部分生成摘要（%1）；改用抽取式摘要</translation>
    </message>
    <message>
        <source>memory %1 of %2: %3</source>
        <translation>记忆 %1/%2：%3</translation>
    </message>
    <message>
        <source>list memories</source>
        <translation>列出记忆</translation>
    </message>
    <message>
        <source>deactivate a memory</source>
        <translation>停用记忆</translation>
    </message>
    <message>
        <source>purge a memory</source>
        <translation>彻底清除记忆</translation>
    </message>
    <message>
        <source>look for similar keys</source>
        <translation>查找相似的键</translation>
    </message>
    <message>
        <source>count memories</source>
        <translation>统计记忆数量</translation>
    </message>
    <message>
        <source>write a memory file</source>
        <translation>写入记忆文件</translation>
    </message>
    <message>
        <source>replace a memory file</source>
        <translation>替换记忆文件</translation>
    </message>
    <message>
        <source>remove a memory file</source>
        <translation>删除记忆文件</translation>
    </message>
    <message>
        <source>list memory files</source>
        <translation>列出记忆文件</translation>
    </message>
    <message>
        <source>the content of %1 is damaged: it no longer matches the checksum stored with it</source>
        <translation>%1 的内容已损坏：与其一同存储的校验和不再匹配</translation>
    </message>
    <message>
        <source>there is no file /memories/%1 for agent %2</source>
        <translation>智能体 %2 没有文件 /memories/%1</translation>
    </message>
    <message>
        <source>begin a transaction</source>
        <translation>开始事务</translation>
    </message>
    <message>
        <source>commit</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>read a memory</source>
        <translation>读取记忆</translation>
    </message>
    <message>
        <source>choose a memory key</source>
        <translation>选择记忆键</translation>
    </message>
    <message>
        <source>store a memory</source>
        <translation>存储记忆</translation>
    </message>
    <message>
        <source>cannot find a free key for a memory</source>
        <translation>找不到可用于记忆的空闲键</translation>
    </message>
    <message>
        <source>no file was given for the memory database</source>
        <translation>未指定记忆数据库文件</translation>
    </message>
    <message>
        <source>cannot create the folder for the memory database</source>
        <translation>无法创建记忆数据库的文件夹</translation>
    </message>
    <message>
        <source>cannot switch the memory database to write-ahead logging: %1</source>
        <translation>无法将记忆数据库切换为预写日志（WAL）模式：%1</translation>
    </message>
    <message>
        <source>the context strategy &quot;%1&quot; works on the provider&apos;s side and needs the %2 API; %3 cannot apply it, so it changes nothing in this session</source>
        <translation>上下文策略 &quot;%1&quot; 在提供方一侧运行，需要 %2 API；%3 无法应用它，因此它在此会话中不起任何作用</translation>
    </message>
    <message>
        <source>ask whether the memory store changed</source>
        <translation>查询记忆存储是否已更改</translation>
    </message>
    <message>
        <source>sweep orphan content files</source>
        <translation>清理孤立的内容文件</translation>
    </message>
    <message>
        <source>read the state of the vocabulary</source>
        <translation>读取词表状态</translation>
    </message>
</context>
<context>
    <name>RequestInspector</name>
    <message>
        <source>message %1 of the view (%2, id %3, turn %4) differs from the one sent: the record was changed after the request</source>
        <translation>视图中的消息 %1（%2，ID %3，轮次 %4）与发送的不同：记录在请求之后被更改过</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>the rebuilt view has %1 messages, the request sent %2</source>
        <translation>重建的视图有 %1 条消息，而请求发送了 %2 条</translation>
    </message>
    <message>
        <source>the stored system prompt does not hash to the one recorded (%1)</source>
        <translation>已存储系统提示的哈希与记录的不符（%1）</translation>
    </message>
    <message>
        <source>the stored tool definitions do not hash to the ones recorded (%1)</source>
        <translation>已存储工具定义的哈希与记录的不符（%1）</translation>
    </message>
    <message>
        <source>the messages match but the model, options, output limit or cache breakpoint differ from the request sent</source>
        <translation>消息一致，但模型、选项、输出上限或缓存断点与发送的请求不同</translation>
    </message>
    <message>
        <source>the message the request was built from (%1) is not on the session&apos;s path</source>
        <translation>构建该请求所依据的消息（%1）不在会话的路径上</translation>
    </message>
    <message numerus="yes">
        <source>%n compaction event(s) of this request are missing from the record</source>
        <translation>
            <numerusform>记录中缺少此请求的 %n 个压缩事件</numerusform>
        </translation>
    </message>
    <message>
        <source>the history rebuilt from the record has %1 messages, the request sent %2 before its reminders</source>
        <translation>根据记录重建的历史有 %1 条消息，而请求在其提醒之前发送了 %2 条</translation>
    </message>
    <message>
        <source>the system prompt %1 is not stored in the session</source>
        <translation>会话中未存储系统提示 %1</translation>
    </message>
    <message>
        <source>the tool definitions %1 are not stored in the session</source>
        <translation>会话中未存储工具定义 %1</translation>
    </message>
    <message>
        <source>session %1 records no model request to inspect</source>
        <translation>会话 %1 没有记录可供检查的模型请求</translation>
    </message>
    <message numerus="yes">
        <source>session %1 has %n request(s); there is no request %2</source>
        <translation>
            <numerusform>会话 %1 有 %n 次请求；没有请求 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>the view matches, but the body %1 writes for it today (%2) differs from the body sent (%3): its wire format changed since</source>
        <translation>视图一致，但 %1 如今为其写出的请求体（%2）与发送的请求体（%3）不同：其传输格式此后已有变化</translation>
    </message>
    <message>
        <source>the rebuilt view and body hash to the ones recorded when the request was sent</source>
        <translation>重建的视图和请求体的哈希与发送请求时记录的一致</translation>
    </message>
    <message>
        <source>the rebuilt view hashes to the one recorded; the body was not checked (%1)</source>
        <translation>重建视图的哈希与记录的一致；未检查请求体（%1）</translation>
    </message>
    <message>
        <source>its transport did not hash it</source>
        <translation>其传输层没有计算它的哈希</translation>
    </message>
    <message>
        <source>the provider %1 is not loaded</source>
        <translation>未加载提供方 %1</translation>
    </message>
    <message>
        <source>an imported session records no request: the view is rebuilt from the record alone (no system prompt or tools), with nothing to check it against</source>
        <translation>导入的会话没有记录请求：视图仅根据记录重建（没有系统提示或工具），没有可供比对的依据</translation>
    </message>
    <message>
        <source>the system prompt changed</source>
        <translation>系统提示已更改</translation>
    </message>
    <message>
        <source>the tool definitions changed</source>
        <translation>工具定义已更改</translation>
    </message>
    <message>
        <source>compaction %1 by %2 (%3) changed message %4</source>
        <translation>由 %2 执行的压缩 %1（%3）更改了消息 %4</translation>
    </message>
    <message>
        <source>the previous request&apos;s %1 after its last cache breakpoint is not repeated (expected: it is placed there so it never breaks the cached prefix)</source>
        <translation>上一次请求在其最后一个缓存断点之后的 %1 未被重复（符合预期：它放在那里，因此永远不会破坏缓存前缀）</translation>
    </message>
    <message>
        <source>message %1 (%2) differs with no compaction recorded: the session switched branch or the record changed</source>
        <translation>消息 %1（%2）不同，但没有记录任何压缩：会话切换了分支，或记录被更改</translation>
    </message>
</context>
<context>
    <name>RequestManifest</name>
    <message>
        <source>a request manifest of version %1, which this build cannot read</source>
        <translation>版本为 %1 的请求清单，此构建无法读取</translation>
    </message>
    <message>
        <source>an appended message of the request manifest cannot be read: %1</source>
        <translation>无法读取请求清单中追加的一条消息：%1</translation>
    </message>
    <message>
        <source>the stored system prompt cannot be read: %1</source>
        <translation>无法读取已存储的系统提示：%1</translation>
    </message>
</context>
<context>
    <name>valis</name>
    <message>
        <source>Valis, a desktop agent harness.</source>
        <translation>Valis，一个桌面智能体运行框架。</translation>
    </message>
    <message>
        <source>Keep all of Valis&apos;s files in DIR (also: VALIS_HOME).</source>
        <translation>将 Valis 的所有文件保存在 DIR 中（也可用 VALIS_HOME 指定）。</translation>
    </message>
    <message>
        <source>Open the session ID.</source>
        <translation>打开会话 ID。</translation>
    </message>
    <message>
        <source>Start without loading any plugin.</source>
        <translation>启动时不加载任何插件。</translation>
    </message>
    <message>
        <source>Show the versions of Valis, Qt and the plugin API.</source>
        <translation>显示 Valis、Qt 和插件 API 的版本。</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>not valid JSON (%1 at line %2); nothing was written, fix the file first</source>
        <translation>不是有效的 JSON（第 %2 行出现 %1）；未写入任何内容，请先修正该文件</translation>
    </message>
    <message>
        <source>not a JSON object; nothing was written, fix the file first</source>
        <translation>不是 JSON 对象；未写入任何内容，请先修正该文件</translation>
    </message>
    <message>
        <source>Valis could not add its entry without changing something else; add it by hand</source>
        <translation>Valis 无法在不改动其他内容的情况下添加其条目；请手动添加</translation>
    </message>
    <message>
        <source>%1; nothing was written, fix the file first</source>
        <translation>%1；未写入任何内容，请先修正该文件</translation>
    </message>
    <message>
        <source>Valis could not add its table without changing something else; add it by hand</source>
        <translation>Valis 无法在不改动其他内容的情况下添加其表；请手动添加</translation>
    </message>
</context>
<context>
    <name>valis::AboutDialog</name>
    <message>
        <source>The conversation page: Markdown, sanitising and code highlighting (compiled into the app)</source>
        <translation>对话页面：Markdown 渲染、内容净化和代码高亮（编译进应用）</translation>
    </message>
    <message>
        <source>Exact token counts: OpenAI&apos;s o200k_base and cl100k_base rank files (compiled into the app)</source>
        <translation>精确的词元计数：OpenAI 的 o200k_base 和 cl100k_base 词表文件（编译进应用）</translation>
    </message>
    <message>
        <source>The application framework: windows, networking, the database driver (shared libraries)</source>
        <translation>应用程序框架：窗口、网络、数据库驱动（共享库）</translation>
    </message>
    <message>
        <source>Qt is licensed under the GNU Lesser General Public License, version 3 (https://www.gnu.org/licenses/lgpl-3.0.html). Valis uses Qt as shared libraries, which you may replace with your own build of the same version. Qt&apos;s source code: https://download.qt.io/.</source>
        <translation>Qt 以 GNU 宽通用公共许可证第 3 版（https://www.gnu.org/licenses/lgpl-3.0.html）授权。Valis 以共享库的形式使用 Qt，您可以用自己构建的同一版本替换它们。Qt 的源代码：https://download.qt.io/。</translation>
    </message>
    <message>
        <source>Shows the conversation page (shared libraries)</source>
        <translation>显示对话页面（共享库）</translation>
    </message>
    <message>
        <source>Qt WebEngine is licensed under the GNU Lesser General Public License, version 3. It contains the Chromium browser engine, whose parts come under their own, mostly BSD-style, licences: https://doc.qt.io/qt-6/qtwebengine-licensing.html.</source>
        <translation>Qt WebEngine 以 GNU 宽通用公共许可证第 3 版授权。它包含 Chromium 浏览器引擎，其各部分适用各自的许可证（大多为 BSD 风格）：https://doc.qt.io/qt-6/qtwebengine-licensing.html。</translation>
    </message>
    <message>
        <source>Keeps API keys in the operating system&apos;s keychain (shared library)</source>
        <translation>将 API 密钥保存在操作系统的钥匙串中（共享库）</translation>
    </message>
    <message>
        <source>The session store and the memory&apos;s database (shared library)</source>
        <translation>会话存储和记忆数据库（共享库）</translation>
    </message>
    <message>
        <source>SQLite is in the public domain (https://sqlite.org/copyright.html).</source>
        <translation>SQLite 属于公有领域（https://sqlite.org/copyright.html）。</translation>
    </message>
    <message>
        <source>About Valis</source>
        <translation>关于 Valis</translation>
    </message>
    <message>
        <source>Valis</source>
        <translation>Valis</translation>
    </message>
    <message>
        <source>Third-party software</source>
        <translation>第三方软件</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Valis %1&lt;/h2&gt;&lt;p&gt;A desktop agent harness whose context never fills up.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Valis %1&lt;/h2&gt;&lt;p&gt;上下文永不溢出的桌面智能体运行框架。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Profile: %1</source>
        <translation>配置文件夹：%1</translation>
    </message>
    <message>
        <source>Profile:
  settings %1
  data %2
  cache %3</source>
        <translation>配置文件夹：
  设置 %1
  数据 %2
  缓存 %3</translation>
    </message>
    <message>
        <source>Valis is proprietary software. You may use it only as the agreement under which you received it allows; it may not be copied, modified or passed on otherwise. The third-party software in it comes under its own licences (see the next tab).</source>
        <translation>Valis 是专有软件。您只能在获得它时所依据的协议允许的范围内使用它；除此之外不得复制、修改或转让。其中包含的第三方软件适用各自的许可证（见下一个标签页）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; %2&lt;br&gt;Licence: %3&lt;br&gt;%4&lt;br&gt;&lt;a href=&quot;%5&quot;&gt;%5&lt;/a&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; %2&lt;br&gt;许可证：%3&lt;br&gt;%4&lt;br&gt;&lt;a href=&quot;%5&quot;&gt;%5&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Components</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
</context>
<context>
    <name>valis::AgentInstructions</name>
    <message>
        <source>%1 cannot be read and is left out of the instructions: %2</source>
        <translation>无法读取 %1，已将其从指令中略去：%2</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file; it is left out of the instructions.</source>
        <translation>%1 是文件夹而不是文件；已将其从指令中略去。</translation>
    </message>
    <message>
        <source>%1 is not UTF-8 text (it looks binary); it is left out of the instructions.</source>
        <translation>%1 不是 UTF-8 文本（看起来是二进制文件）；已将其从指令中略去。</translation>
    </message>
    <message>
        <source>%1 (%2 of %3 bytes shown)</source>
        <translation>%1（显示了 %3 字节中的 %2 字节）</translation>
    </message>
    <message>
        <source>The AGENTS.md files hold %1 bytes, over their budget of %2 bytes, so they were cut: %3. The prompt says where each cut is and how to read the rest; raise agentsMdBudgetBytes in memory.json or shorten the files to load them whole.</source>
        <translation>AGENTS.md 文件共有 %1 字节，超出了 %2 字节的预算，因此已被截断：%3。提示中说明了每处截断的位置以及如何读取其余内容；请在 memory.json 中调高 agentsMdBudgetBytes，或缩短这些文件以完整加载。</translation>
    </message>
</context>
<context>
    <name>valis::AgentsPane</name>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>over budget</source>
        <translation>超出预算</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>用时</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the selected agent; its partial answer goes to the conversation</source>
        <translation>停止所选智能体；其已生成的部分回答会进入对话</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Show the selected agent&apos;s own session</source>
        <translation>显示所选智能体自己的会话</translation>
    </message>
    <message>
        <source>The open session has no background agents.</source>
        <translation>当前打开的会话没有后台智能体。</translation>
    </message>
    <message>
        <source>No background agents yet: the agent starts them with spawn_agent.</source>
        <translation>还没有后台智能体：智能体通过 spawn_agent 启动它们。</translation>
    </message>
    <message numerus="yes">
        <source>At most %n agent(s) run at once.</source>
        <translation>
            <numerusform>最多同时运行 %n 个智能体。</numerusform>
        </translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
</context>
<context>
    <name>valis::AiderImporter</name>
    <message>
        <source>the session header&apos;s time &quot;%1&quot; is not YYYY-MM-DD HH:MM:SS</source>
        <translation>会话头中的时间“%1”不符合 YYYY-MM-DD HH:MM:SS 格式</translation>
    </message>
    <message>
        <source>not an Aider chat history: no &quot;# aider chat started at&quot; line</source>
        <translation>不是 Aider 聊天历史：没有“# aider chat started at”行</translation>
    </message>
    <message>
        <source>Aider chat of %1</source>
        <translation>%1 的 Aider 聊天</translation>
    </message>
    <message>
        <source>Aider chat (start not in the file)</source>
        <translation>Aider 聊天（文件中没有开头部分）</translation>
    </message>
    <message>
        <source>Aider chat history</source>
        <translation>Aider 聊天历史</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>Aider writes local times without a zone; they were read as UTC, and every message carries its session&apos;s start time.</source>
        <translation>Aider 写入的是不带时区的本地时间；这些时间已按 UTC 读取，且每条消息都带有其所属会话的开始时间。</translation>
    </message>
    <message>
        <source>The file starts inside a session whose header is not in it; those lines are session 0, dated by the first header.</source>
        <translation>文件开头位于一个会话之中，而该会话的头部不在文件里；这些行被视为会话 0，日期取自第一个会话头。</translation>
    </message>
    <message>
        <source>Skipped the Emacs mode line on line 1.</source>
        <translation>已跳过第 1 行的 Emacs 模式行。</translation>
    </message>
    <message numerus="yes">
        <source>%n reply(s) left a code fence open (cut off); each was ended at the next input or Aider output.</source>
        <translation>
            <numerusform>有 %n 条回复留下了未闭合的代码围栏（被截断）；每处都已在下一条输入或 Aider 输出处结束。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>valis::ApiProfiles</name>
    <message>
        <source>cannot read the serve profiles: %1</source>
        <translation>无法读取 serve 配置档：%1</translation>
    </message>
    <message>
        <source>the serve profiles are not a JSON object: %1</source>
        <translation>serve 配置档不是 JSON 对象：%1</translation>
    </message>
    <message>
        <source>the serve profiles are format version %1; this Valis reads up to %2</source>
        <translation>serve 配置档的格式版本为 %1；此 Valis 最高只能读取版本 %2</translation>
    </message>
    <message>
        <source>the serve profile &quot;%1&quot; needs a provider and a model</source>
        <translation>serve 配置档“%1”需要提供方和模型</translation>
    </message>
    <message>
        <source>the default serve profile &quot;%1&quot; is not one of the profiles</source>
        <translation>默认 serve 配置档“%1”不在已有的配置档之中</translation>
    </message>
    <message>
        <source>the serve profile &quot;%1&quot; names an empty agent</source>
        <translation>serve 配置档“%1”指定的智能体为空</translation>
    </message>
</context>
<context>
    <name>valis::ApiServerController</name>
    <message>
        <source>%1 could not be started: %2</source>
        <translation>%1 无法启动：%2</translation>
    </message>
    <message>
        <source>valis-cli serve crashed</source>
        <translation>valis-cli serve 崩溃了</translation>
    </message>
    <message>
        <source>valis-cli serve ended (exit code %1)</source>
        <translation>valis-cli serve 已结束（退出代码 %1）</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>正在提供服务</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>valis::Appearance</name>
    <message>
        <source>could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>valis::AppearancePage</name>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <source>The system&apos;s (%1)</source>
        <translation>系统语言（%1）</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>A new language is used from the next start.</source>
        <translation>新语言将在下次启动时生效。</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
</context>
<context>
    <name>valis::ApprovalPolicy</name>
    <message>
        <source>&quot;%1&quot; must be an object of names to allow, ask or deny</source>
        <translation>“%1”必须是一个对象，将名称映射为 allow、ask 或 deny</translation>
    </message>
    <message>
        <source>the rule for &quot;%1&quot; is &quot;%2&quot;; it must be allow, ask or deny</source>
        <translation>“%1”的规则为“%2”；它必须是 allow、ask 或 deny</translation>
    </message>
    <message>
        <source>these approval rules have no file to be kept in</source>
        <translation>这些批准规则没有可保存的文件</translation>
    </message>
</context>
<context>
    <name>valis::Attachment</name>
    <message>
        <source>%1 is not a file</source>
        <translation>%1 不是文件</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is %2 KiB; attach text files up to %3 KiB, or put it in the workspace for the agent to read</source>
        <translation>%1 大小为 %2 KiB；附加的文本文件不能超过 %3 KiB，也可以将其放入工作区供智能体读取</translation>
    </message>
    <message>
        <source>%1 is %2 KiB; images can be up to %3 KiB</source>
        <translation>%1 大小为 %2 KiB；图片最大为 %3 KiB</translation>
    </message>
    <message>
        <source>%1 is neither UTF-8 text nor a PNG, JPEG, GIF or WebP image</source>
        <translation>%1 既不是 UTF-8 文本，也不是 PNG、JPEG、GIF 或 WebP 图片</translation>
    </message>
    <message>
        <source>Attached file %1:</source>
        <translation>附加的文件 %1：</translation>
    </message>
    <message>
        <source>%1 has no content</source>
        <translation>%1 没有内容</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 is %2 KiB; attach text up to %3 KiB</source>
        <translation>%1 有 %2 KiB；文本最多可附加 %3 KiB</translation>
    </message>
    <message>
        <source>Attached resource %1:</source>
        <translation>附加的资源 %1：</translation>
    </message>
    <message>
        <source>%1 is %2, neither text nor a PNG, JPEG, GIF or WebP image</source>
        <translation>%1 是 %2，既不是文本，也不是 PNG、JPEG、GIF 或 WebP 图像</translation>
    </message>
    <message>
        <source>binary data</source>
        <translation>二进制数据</translation>
    </message>
</context>
<context>
    <name>valis::BlobStore</name>
    <message>
        <source>cannot create the blob folder</source>
        <translation>无法创建 blob 文件夹</translation>
    </message>
    <message>
        <source>not a blob reference: %1</source>
        <translation>不是 blob 引用：%1</translation>
    </message>
    <message>
        <source>the blob is missing: %1</source>
        <translation>blob 缺失：%1</translation>
    </message>
    <message>
        <source>the blob&apos;s content does not match its hash</source>
        <translation>blob 的内容与其哈希不符</translation>
    </message>
</context>
<context>
    <name>valis::BpeEncoding</name>
    <message>
        <source>there is no encoding &quot;%1&quot; (known: %2)</source>
        <translation>没有编码“%1”（已知编码：%2）</translation>
    </message>
    <message>
        <source>this build has no data for the %1 tokenizer; build Valis after `scripts/dev.sh setup` (npm ci) has installed it</source>
        <translation>此构建没有 %1 分词器的数据；请在 `scripts/dev.sh setup`（npm ci）安装该数据后再构建 Valis</translation>
    </message>
    <message>
        <source>the tokenizer data is damaged at line %1; reinstall Valis or run scripts/dev.sh setup</source>
        <translation>分词器数据在第 %1 行损坏；请重新安装 Valis 或运行 scripts/dev.sh setup</translation>
    </message>
    <message>
        <source>the tokenizer data is empty</source>
        <translation>分词器数据为空</translation>
    </message>
    <message>
        <source>the tokenizer data lists a token twice</source>
        <translation>分词器数据中有一个 token 出现了两次</translation>
    </message>
</context>
<context>
    <name>valis::BuildInfo</name>
    <message>
        <source>Qt %1</source>
        <translation>Qt %1</translation>
    </message>
    <message>
        <source>Qt %1 (built against Qt %2)</source>
        <translation>Qt %1（构建时使用 Qt %2）</translation>
    </message>
    <message>
        <source>Plugin API version %1</source>
        <translation>插件 API 版本 %1</translation>
    </message>
    <message>
        <source>Copyright (C) 2026 the Valis developers. All rights reserved.</source>
        <translation>Copyright (C) 2026 Valis 开发者。保留所有权利。</translation>
    </message>
</context>
<context>
    <name>valis::ClaudeCodeImporter</name>
    <message>
        <source>the file is empty: a Claude Code session has at least one line</source>
        <translation>文件为空：Claude Code 会话至少有一行</translation>
    </message>
    <message>
        <source>&quot;uuid&quot; must be a non-empty string</source>
        <translation>&quot;uuid&quot; 必须是非空字符串</translation>
    </message>
    <message>
        <source>&quot;parentUuid&quot; must be a string or null</source>
        <translation>&quot;parentUuid&quot; 必须是字符串或 null</translation>
    </message>
    <message>
        <source>the line has no &quot;type&quot;: not a Claude Code session line</source>
        <translation>该行没有 &quot;type&quot;：不是 Claude Code 会话行</translation>
    </message>
    <message>
        <source>&quot;timestamp&quot; is not an ISO 8601 time: %1</source>
        <translation>&quot;timestamp&quot; 不是 ISO 8601 时间：%1</translation>
    </message>
    <message>
        <source>a %1 line needs a &quot;uuid&quot;</source>
        <translation>%1 行需要有 &quot;uuid&quot;</translation>
    </message>
    <message>
        <source>a %1 line needs a &quot;message&quot; object</source>
        <translation>%1 行需要有 &quot;message&quot; 对象</translation>
    </message>
    <message>
        <source>%1 (at %2)</source>
        <translation>%1（位于 %2）</translation>
    </message>
    <message>
        <source>left out 1 %1 line</source>
        <translation>略去了 1 行 %1</translation>
    </message>
    <message>
        <source>left out %1 %2 lines</source>
        <translation>略去了 %1 行 %2</translation>
    </message>
    <message>
        <source>%1: no Task tool call in the parent session names agent %2</source>
        <translation>%1：父会话中没有任何 Task 工具调用指向智能体 %2</translation>
    </message>
    <message>
        <source>Claude Code session</source>
        <translation>Claude Code 会话</translation>
    </message>
    <message>
        <source>agent %1 (Task call %2) has no subagent transcript file; only its progress lines mention it</source>
        <translation>智能体 %1（Task 调用 %2）没有子智能体对话记录文件；只有其进度行提到了它</translation>
    </message>
</context>
<context>
    <name>valis::CodexImporter</name>
    <message>
        <source>left out %1: %2</source>
        <translation>略去了 %1：%2</translation>
    </message>
    <message>
        <source>rebuilt %1: %2</source>
        <translation>重建了 %1：%2</translation>
    </message>
    <message>
        <source>OpenAI Codex CLI (rollout or TUI session log)</source>
        <translation>OpenAI Codex CLI（rollout 或 TUI 会话日志）</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>neither a Codex rollout (no session_meta first) nor a Codex TUI session log</source>
        <translation>既不是 Codex rollout（第一行不是 session_meta），也不是 Codex TUI 会话日志</translation>
    </message>
    <message>
        <source>a rollout line without a string &quot;type&quot;</source>
        <translation>rollout 行缺少字符串类型的 &quot;type&quot;</translation>
    </message>
    <message>
        <source>a %1 line without a &quot;payload&quot; object</source>
        <translation>%1 行缺少 &quot;payload&quot; 对象</translation>
    </message>
    <message>
        <source>a turn_context whose &quot;model&quot; is not a string</source>
        <translation>turn_context 的 &quot;model&quot; 不是字符串</translation>
    </message>
    <message>
        <source>a session_meta without a session &quot;id&quot;</source>
        <translation>session_meta 缺少会话 &quot;id&quot;</translation>
    </message>
    <message>
        <source>not a Responses API item: %1</source>
        <translation>不是 Responses API 条目：%1</translation>
    </message>
    <message>
        <source>an event_msg without a string &quot;type&quot;</source>
        <translation>event_msg 缺少字符串类型的 &quot;type&quot;</translation>
    </message>
    <message>
        <source>a token_count event of the wrong shape</source>
        <translation>token_count 事件的结构不正确</translation>
    </message>
    <message>
        <source>a user_message event without a string &quot;message&quot;</source>
        <translation>user_message 事件缺少字符串类型的 &quot;message&quot;</translation>
    </message>
    <message>
        <source>a compacted line without a string &quot;message&quot;</source>
        <translation>compacted 行缺少字符串类型的 &quot;message&quot;</translation>
    </message>
    <message>
        <source>a session log line without string &quot;dir&quot; and &quot;kind&quot;</source>
        <translation>会话日志行缺少字符串类型的 &quot;dir&quot; 和 &quot;kind&quot;</translation>
    </message>
    <message>
        <source>a codex_event without a &quot;msg&quot; object</source>
        <translation>codex_event 缺少 &quot;msg&quot; 对象</translation>
    </message>
    <message>
        <source>an op without a &quot;payload&quot; object</source>
        <translation>op 缺少 &quot;payload&quot; 对象</translation>
    </message>
    <message>
        <source>a key_event without a string &quot;event&quot;</source>
        <translation>key_event 缺少字符串类型的 &quot;event&quot;</translation>
    </message>
    <message>
        <source>a codex event without a string &quot;type&quot;</source>
        <translation>codex 事件缺少字符串类型的 &quot;type&quot;</translation>
    </message>
    <message>
        <source>a session_configured event without a &quot;session_id&quot;</source>
        <translation>session_configured 事件缺少 &quot;session_id&quot;</translation>
    </message>
    <message>
        <source>a %1 event without a string &quot;delta&quot;</source>
        <translation>%1 事件缺少字符串类型的 &quot;delta&quot;</translation>
    </message>
    <message>
        <source>a %1 event without a string &quot;text&quot;</source>
        <translation>%1 事件缺少字符串类型的 &quot;text&quot;</translation>
    </message>
    <message>
        <source>an agent_message event without a string &quot;message&quot;</source>
        <translation>agent_message 事件缺少字符串类型的 &quot;message&quot;</translation>
    </message>
    <message>
        <source>a %1 event without a string &quot;call_id&quot;</source>
        <translation>%1 事件缺少字符串类型的 &quot;call_id&quot;</translation>
    </message>
    <message>
        <source>an exec_command_begin event without a &quot;command&quot; array</source>
        <translation>exec_command_begin 事件缺少 &quot;command&quot; 数组</translation>
    </message>
    <message>
        <source>a patch_apply_begin event without a &quot;changes&quot; object</source>
        <translation>patch_apply_begin 事件缺少 &quot;changes&quot; 对象</translation>
    </message>
    <message>
        <source>a %1 event without its &quot;%2&quot;</source>
        <translation>%1 事件缺少其 &quot;%2&quot;</translation>
    </message>
</context>
<context>
    <name>valis::CommandPalette</name>
    <message>
        <source>Command palette</source>
        <translation>命令面板</translation>
    </message>
    <message>
        <source>Command palette filter</source>
        <translation>命令面板筛选</translation>
    </message>
    <message>
        <source>Type an action, a session, a setting or a folder</source>
        <translation>输入操作、会话、设置或文件夹</translation>
    </message>
    <message>
        <source>Command palette results</source>
        <translation>命令面板结果</translation>
    </message>
    <message>
        <source>Nothing matches.</source>
        <translation>没有匹配项。</translation>
    </message>
</context>
<context>
    <name>valis::CompactionEvent</name>
    <message>
        <source>a replaced part cannot be read: %1</source>
        <translation>无法读取被替换的部分：%1</translation>
    </message>
    <message>
        <source>a part replacement names no message or part</source>
        <translation>部分替换未指明消息或部分</translation>
    </message>
    <message>
        <source>a prefix replacement names no last message</source>
        <translation>前缀替换未指明最后一条消息</translation>
    </message>
    <message>
        <source>a replacement message cannot be read: %1</source>
        <translation>无法读取替换消息：%1</translation>
    </message>
    <message>
        <source>unknown edit kind &quot;%1&quot;</source>
        <translation>未知的编辑类型“%1”</translation>
    </message>
    <message>
        <source>a compaction event was written by a newer Valis (format %1); it is left as it is</source>
        <translation>某个压缩事件由更新版本的 Valis 写入（格式 %1）；保持原样不动</translation>
    </message>
    <message>
        <source>a compaction event names no strategy</source>
        <translation>压缩事件未指明策略</translation>
    </message>
    <message>
        <source>the compaction event of message %1 is not an object</source>
        <translation>消息 %1 的压缩事件不是对象</translation>
    </message>
</context>
<context>
    <name>valis::ComposerReadiness</name>
    <message>
        <source>The %1 provider is not running; see the plugin status</source>
        <translation>%1 提供方未在运行；请查看插件状态</translation>
    </message>
    <message>
        <source> or set %1</source>
        <translation> 或设置 %1</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>No API key for %1: add one in Settings &gt; Providers%2</source>
        <translation>%1 没有 API 密钥：请在 设置 &gt; 提供方 中添加%2</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>~%1 tokens</source>
        <translation>约 %1 个 token</translation>
    </message>
    <message>
        <source>The draft&apos;s tokens for %1 (its tokenizer)</source>
        <translation>草稿在 %1 下的 token 数（使用其分词器）</translation>
    </message>
    <message>
        <source>An estimate of the draft&apos;s tokens for %1</source>
        <translation>草稿在 %1 下的 token 数估算</translation>
    </message>
</context>
<context>
    <name>valis::ComposerWidget</name>
    <message>
        <source>The provider the turn goes to</source>
        <translation>本轮次发往的提供方</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>The model, as the provider names it</source>
        <translation>模型（按提供方的命名）</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the running turn (Ctrl+.)</source>
        <translation>停止正在进行的轮次（Ctrl+.）</translation>
    </message>
    <message>
        <source>The tools the agent may use in a new session</source>
        <translation>智能体在新会话中可以使用的工具</translation>
    </message>
    <message>
        <source>Ask the agent… (Enter sends, Shift+Enter starts a new line; drop files to attach them)</source>
        <translation>向智能体提问…（Enter 发送，Shift+Enter 换行；拖放文件即可附加）</translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation>添加附件…</translation>
    </message>
    <message>
        <source>Attach text files or images (PNG, JPEG, GIF, WebP) to the next turn</source>
        <translation>将文本文件或图片（PNG、JPEG、GIF、WebP）附加到下一轮次</translation>
    </message>
    <message>
        <source>Editing an earlier message: Send starts a new branch from there; the old one stays.</source>
        <translation>正在编辑较早的消息：发送后将从该处开始一个新分支；原分支会保留。</translation>
    </message>
    <message>
        <source>Cancel edit</source>
        <translation>取消编辑</translation>
    </message>
    <message>
        <source>The folder a new session works in: %1 (click to choose another)</source>
        <translation>新会话的工作区文件夹：%1（点击可选择其他文件夹）</translation>
    </message>
    <message>
        <source>This session works in %1</source>
        <translation>此会话的工作区文件夹为 %1</translation>
    </message>
    <message>
        <source>The folder the session works in</source>
        <translation>会话的工作区文件夹</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>添加附件</translation>
    </message>
    <message>
        <source>%1 (click to remove)</source>
        <translation>%1（点击移除）</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>How the session&apos;s history is shown to the model; a change applies from the next request</source>
        <translation>会话历史如何呈现给模型；更改从下一次请求起生效</translation>
    </message>
    <message>
        <source>Session choices</source>
        <translation>会话选项</translation>
    </message>
    <message>
        <source>Session:</source>
        <translation>会话：</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>沙箱</translation>
    </message>
    <message>
        <source>%1 (click to choose in Commands)</source>
        <translation>%1（点击在“命令”中选择）</translation>
    </message>
    <message>
        <source>A turn is running: Stop ends it</source>
        <translation>有轮次正在运行：点击“停止”可结束它</translation>
    </message>
    <message>
        <source>No provider is running yet; see the plugin status</source>
        <translation>尚无正在运行的提供方；请查看插件状态</translation>
    </message>
    <message>
        <source>Choose a model for %1 first</source>
        <translation>请先为 %1 选择模型</translation>
    </message>
    <message>
        <source>Write a message first</source>
        <translation>请先输入消息</translation>
    </message>
    <message>
        <source>Send to %1 (Enter)</source>
        <translation>发送到 %1（Enter）</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供方</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Tool pack</source>
        <translation>工具包</translation>
    </message>
    <message>
        <source>History strategy</source>
        <translation>历史策略</translation>
    </message>
    <message>
        <source>Message to the agent</source>
        <translation>发给智能体的消息</translation>
    </message>
    <message>
        <source>Draft size</source>
        <translation>草稿大小</translation>
    </message>
</context>
<context>
    <name>valis::ConnectionTester</name>
    <message>
        <source>the server answered, but not with a model list: %1</source>
        <translation>服务器已响应，但返回的不是模型列表：%1</translation>
    </message>
    <message>
        <source>the server answered, but not with a model list</source>
        <translation>服务器已响应，但返回的不是模型列表</translation>
    </message>
    <message>
        <source>%1 could not be reached: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>the key was refused</source>
        <translation>密钥被拒绝</translation>
    </message>
    <message>
        <source>the request was refused</source>
        <translation>请求被拒绝</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 (%3): %4</source>
        <translation>%1 返回了 HTTP %2（%3）：%4</translation>
    </message>
</context>
<context>
    <name>valis::ContextMeter</name>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>%1 / %2 · %3%</source>
        <translation>%1 / %2 · %3%</translation>
    </message>
    <message>
        <source>Context: what the last request used of the model&apos;s window.</source>
        <translation>上下文：上一次请求占用了模型上下文窗口的多少。</translation>
    </message>
    <message>
        <source>%1 at %2% of the window</source>
        <translation>%1，占窗口的 %2%</translation>
    </message>
    <message>
        <source>no context yet</source>
        <translation>尚无上下文</translation>
    </message>
    <message>
        <source>Context gauge</source>
        <translation>上下文用量表</translation>
    </message>
    <message>
        <source>Click to see what the model was sent.</source>
        <translation>点击查看发送给模型的内容。</translation>
    </message>
    <message>
        <source>no usage</source>
        <translation>无用量</translation>
    </message>
</context>
<context>
    <name>valis::ContextPage</name>
    <message>
        <source>config/context.json could not be read, so nothing here will be saved until it is fixed: %1</source>
        <translation>无法读取 config/context.json，因此在修复该文件之前，此处的内容都不会保存：%1</translation>
    </message>
    <message>
        <source>No context strategy plugin is running; see Plugins.</source>
        <translation>没有正在运行的上下文策略插件；请查看“插件”页。</translation>
    </message>
    <message>
        <source>The plugins are still starting; open Settings again in a moment.</source>
        <translation>插件仍在启动；请稍后再打开设置。</translation>
    </message>
    <message>
        <source>When the context fills up, these strategies make room, in this order. Shares are of the model&apos;s context window; per-model values in config/context.json still win.</source>
        <translation>上下文快满时，这些策略会按此顺序腾出空间。比例均相对于模型的上下文窗口而言；config/context.json 中针对单个模型的值仍然优先。</translation>
    </message>
    <message>
        <source>Use this strategy</source>
        <translation>使用此策略</translation>
    </message>
    <message>
        <source>Default: %1 %</source>
        <translation>默认值：%1%</translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation>默认值：%1</translation>
    </message>
    <message>
        <source>%1.%2 must be a JSON %3</source>
        <translation>%1.%2 必须是 JSON %3</translation>
    </message>
    <message>
        <source>list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>How new sessions show their history to the model; each session can switch in the composer</source>
        <translation>新会话如何向模型呈现其历史；每个会话都可以在输入区中切换</translation>
    </message>
    <message>
        <source>History strategy of new sessions:</source>
        <translation>新会话的历史策略：</translation>
    </message>
</context>
<context>
    <name>valis::ContextPipeline</name>
    <message>
        <source>the context strategy &quot;%1&quot; changed the view without recording how; its result was not used</source>
        <translation>上下文策略“%1”修改了视图却没有记录修改方式；其结果未被采用</translation>
    </message>
    <message>
        <source>the context strategy &quot;%1&quot; left a tool call without its result (or a result without its call); its result was not used</source>
        <translation>上下文策略“%1”留下了没有结果的工具调用（或没有调用的结果）；其结果未被采用</translation>
    </message>
    <message>
        <source>the context strategy &quot;%1&quot; removed the placeholder of %2 from a turn it still shows; its result was not used</source>
        <translation>上下文策略“%1”从一个仍在显示的轮次中移除了 %2 的占位内容；其结果未被采用</translation>
    </message>
</context>
<context>
    <name>valis::ContextSettings</name>
    <message>
        <source>unknown field &quot;%1&quot; (known: %2)</source>
        <translation>未知字段“%1”（已知字段：%2）</translation>
    </message>
    <message>
        <source>&quot;strategies&quot; must be a list of strategy ids</source>
        <translation>&quot;strategies&quot; 必须是策略 ID 的列表</translation>
    </message>
    <message>
        <source>&quot;settings&quot; must map strategy ids to objects</source>
        <translation>&quot;settings&quot; 必须将策略 ID 映射到对象</translation>
    </message>
    <message>
        <source>&quot;settings.%1&quot; must be an object</source>
        <translation>&quot;settings.%1&quot; 必须是对象</translation>
    </message>
    <message>
        <source>&quot;models&quot; must map model ids to objects</source>
        <translation>&quot;models&quot; 必须将模型 ID 映射到对象</translation>
    </message>
    <message>
        <source>&quot;models.%1&quot; must map strategy ids to objects</source>
        <translation>&quot;models.%1&quot; 必须将策略 ID 映射到对象</translation>
    </message>
    <message>
        <source>&quot;models.%1.%2&quot; must be an object</source>
        <translation>&quot;models.%1.%2&quot; 必须是对象</translation>
    </message>
    <message>
        <source>no plugin offers the context strategy &quot;%1&quot; (available: %2); the context is not managed by it</source>
        <translation>没有插件提供上下文策略“%1”（可用：%2）；上下文不会由它管理</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not KEY=VALUE (for example evictAt=0.8)</source>
        <translation>“%1”不是 KEY=VALUE 形式（例如 evictAt=0.8）</translation>
    </message>
    <message>
        <source>&quot;history&quot; must be one of %1</source>
        <translation>&quot;history&quot; 必须是 %1 之一</translation>
    </message>
</context>
<context>
    <name>valis::ConversationBridge</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>思考过程</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Open full result</source>
        <translation>打开完整结果</translation>
    </message>
    <message>
        <source>Open the saved transcript</source>
        <translation>打开已保存的对话记录</translation>
    </message>
    <message>
        <source>Open in the memory browser</source>
        <translation>在记忆浏览器中打开</translation>
    </message>
    <message>
        <source>Load earlier messages (%1 more)</source>
        <translation>加载更早的消息（还有 %1 条）</translation>
    </message>
    <message>
        <source>Load newer messages (%1 more)</source>
        <translation>加载更新的消息（还有 %1 条）</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>image</source>
        <translation>图片</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Edit this message and send it again; the answer so far stays as a branch</source>
        <translation>编辑此消息并重新发送；目前的回答会作为一个分支保留</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Answer the last turn again; this answer stays as a branch</source>
        <translation>重新回答最后一轮；当前回答会作为一个分支保留</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>上一个版本</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>下一个版本</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP 服务器 %1</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Fork from here</source>
        <translation>从此处分叉</translation>
    </message>
    <message>
        <source>Start a new session from the conversation up to this message; when its turn ends, its answer is reported back here</source>
        <translation>以截至此消息的对话开始一个新会话；其轮次结束后，回答会报告回这里</translation>
    </message>
    <message>
        <source>What did the model see?</source>
        <translation>模型看到了什么？</translation>
    </message>
    <message>
        <source>Open the context inspector on the request that produced this message</source>
        <translation>在上下文检查器中打开生成此消息的请求</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Approval needed: %1</source>
        <translation>需要批准：%1</translation>
    </message>
    <message>
        <source>Tool %1</source>
        <translation>工具 %1</translation>
    </message>
</context>
<context>
    <name>valis::ConversationController</name>
    <message>
        <source>Starting plugins…</source>
        <translation>正在启动插件…</translation>
    </message>
    <message>
        <source>Tools are off: %1</source>
        <translation>工具已关闭：%1</translation>
    </message>
    <message>
        <source>Memory is off: %1</source>
        <translation>记忆已关闭：%1</translation>
    </message>
    <message>
        <source>No provider plugin is running; see the plugin status.</source>
        <translation>没有正在运行的提供方插件；请查看插件状态。</translation>
    </message>
    <message>
        <source>The provider settings could not be read: %1</source>
        <translation>无法读取提供方设置：%1</translation>
    </message>
    <message>
        <source>The approval rules could not be read (every call will be asked): %1</source>
        <translation>无法读取批准规则（每次调用都会询问）：%1</translation>
    </message>
    <message>
        <source>Choose a model for %1 first.</source>
        <translation>请先为 %1 选择一个模型。</translation>
    </message>
    <message>
        <source>The provider %1 is not running.</source>
        <translation>提供方 %1 未在运行。</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>You: %1</source>
        <translation>你：%1</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>处理中…</translation>
    </message>
    <message>
        <source>→ %1 %2</source>
        <translation>→ %1 %2</translation>
    </message>
    <message>
        <source>Retrying in %1 s: %2</source>
        <translation>%1 秒后重试：%2</translation>
    </message>
    <message>
        <source>The agent wants to run %1 with these arguments:</source>
        <translation>智能体想用以下参数运行 %1：</translation>
    </message>
    <message>
        <source>The agent wants to run %1 (from %2) with these arguments:</source>
        <translation>智能体想用以下参数运行 %1（来自 %2）：</translation>
    </message>
    <message>
        <source>Waiting for your answer: may %1 run?</source>
        <translation>等待你的答复：是否允许运行 %1？</translation>
    </message>
    <message>
        <source>Answered.</source>
        <translation>已答复。</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>The turn ended.</source>
        <translation>本轮次已结束。</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>Denied.</source>
        <translation>已拒绝。</translation>
    </message>
    <message>
        <source>Allowed once.</source>
        <translation>已允许一次。</translation>
    </message>
    <message>
        <source>Allowed for this session.</source>
        <translation>已在此会话中允许。</translation>
    </message>
    <message>
        <source>Always allowed.</source>
        <translation>已始终允许。</translation>
    </message>
    <message>
        <source>%1 does not take images</source>
        <translation>%1 不支持图片输入</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>未发送：%1</translation>
    </message>
    <message>
        <source>Not sent: the workspace folder %1 is not there.</source>
        <translation>未发送：工作区文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>Waiting for your answer: %1 asks something.</source>
        <translation>正在等待您的回答：%1 有一个问题。</translation>
    </message>
    <message>
        <source>The next request shows the history as: %1.</source>
        <translation>下一次请求将以此方式呈现历史：%1。</translation>
    </message>
    <message>
        <source>The fork&apos;s answer could not be reported to its parent: %1</source>
        <translation>无法将分叉的回答报告给其父会话：%1</translation>
    </message>
    <message>
        <source>The recall filter model of %1 is not used here: recall keeps candidates by their score instead.</source>
        <translation>此处不使用 %1 的召回筛选模型：召回改为按得分保留候选项。</translation>
    </message>
    <message>
        <source>remote: %1</source>
        <translation>远程机器：%1</translation>
    </message>
    <message>
        <source>Files brought back from the machine (see the Commands dock).</source>
        <translation>已从机器取回文件（见“命令”停靠窗口）。</translation>
    </message>
    <message>
        <source>Preparing a %1 machine…</source>
        <translation>正在准备 %1 机器…</translation>
    </message>
</context>
<context>
    <name>valis::ConversationRequests</name>
    <message>
        <source>Open link?</source>
        <translation>打开链接？</translation>
    </message>
    <message>
        <source>Open this address in your browser?

%1</source>
        <translation>要在浏览器中打开此地址吗？

%1</translation>
    </message>
    <message>
        <source>Result of %1</source>
        <translation>%1 的结果</translation>
    </message>
    <message>
        <source>The result %1 is no longer shown.</source>
        <translation>结果 %1 已不再显示。</translation>
    </message>
    <message>
        <source>%1 belongs to a session without a workspace folder.</source>
        <translation>%1 属于一个没有工作区文件夹的会话。</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>valis::ConversationView</name>
    <message>
        <source>Allow once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>在此会话中允许</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>始终允许</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>valis::DesktopNotifier</name>
    <message>
        <source>Valis</source>
        <translation>Valis</translation>
    </message>
    <message>
        <source>Valis tray menu</source>
        <translation>Valis 托盘菜单</translation>
    </message>
    <message>
        <source>&amp;Show Valis</source>
        <translation>显示 Valis(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
</context>
<context>
    <name>valis::DetailStore</name>
    <message>
        <source>a memory needs an agent id</source>
        <translation>记忆需要智能体 ID</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a memory type: use a short lower-case word such as note or command_output</source>
        <translation>“%1”不是记忆类型：请使用简短的小写单词，例如 note 或 command_output</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a file path inside /memories/</source>
        <translation>“%1”不是 /memories/ 内的文件路径</translation>
    </message>
    <message>
        <source>cannot create the folder of the memory database</source>
        <translation>无法创建记忆数据库的文件夹</translation>
    </message>
    <message>
        <source>unknown memory backend</source>
        <translation>未知的记忆后端</translation>
    </message>
    <message>
        <source>This memory store cannot tell cheaply whether it changed.</source>
        <translation>此记忆存储无法低成本地判断自身是否已更改。</translation>
    </message>
    <message>
        <source>This memory store cannot write a file on a condition.</source>
        <translation>此记忆存储无法按条件写入文件。</translation>
    </message>
    <message>
        <source>/memories/%1 of agent %2 is a folder (it holds /memories/%3), not a file</source>
        <translation>代理 %2 的 /memories/%1 是文件夹（其中有 /memories/%3），不是文件</translation>
    </message>
    <message>
        <source>/memories/%1 of agent %2 cannot be written: /memories/%3 is a file where a folder is needed</source>
        <translation>无法写入代理 %2 的 /memories/%1：/memories/%3 是文件，而此处需要文件夹</translation>
    </message>
    <message>
        <source>/memories/%1 of agent %2 was changed by another writer since it was read</source>
        <translation>代理 %2 的 /memories/%1 在读取后已被其他写入者修改</translation>
    </message>
</context>
<context>
    <name>valis::DetailStoreMemoriesBackend</name>
    <message>
        <source>Cannot import memories from %1: it is not a folder.</source>
        <translation>无法从 %1 导入记忆：它不是文件夹。</translation>
    </message>
    <message>
        <source>Cannot import %1: %2</source>
        <translation>无法导入 %1：%2</translation>
    </message>
    <message>
        <source>Imported %1 memory files from %2, but could not rename the folder to %3; remove it by hand so it is not imported again.</source>
        <translation>已从 %2 导入 %1 个记忆文件，但无法将该文件夹重命名为 %3；请手动删除它，以免再次导入。</translation>
    </message>
</context>
<context>
    <name>valis::DocumentStore</name>
    <message>
        <source>no document has the key %1</source>
        <translation>没有键为 %1 的文档</translation>
    </message>
    <message>
        <source>a retention of %1 days is outside 1 to %2</source>
        <translation>保留期 %1 天不在 1 到 %2 天的范围内</translation>
    </message>
    <message>
        <source>%1 is not a document key (doc-...)</source>
        <translation>%1 不是文档键（doc-...）</translation>
    </message>
    <message>
        <source>document %1 was deleted</source>
        <translation>文档 %1 已被删除</translation>
    </message>
</context>
<context>
    <name>valis::DocumentsView</name>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>已固定</translation>
    </message>
    <message numerus="yes">
        <source>until %1 (%n day(s))</source>
        <translation>
            <numerusform>直到 %1（%n 天）</numerusform>
        </translation>
    </message>
    <message>
        <source>written by the agent</source>
        <translation>由智能体写入</translation>
    </message>
    <message>
        <source>result of call %1</source>
        <translation>调用 %1 的结果</translation>
    </message>
    <message>
        <source>copy of %1</source>
        <translation>%1 的副本</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>保存时间</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Select a document to see its start.</source>
        <translation>选择一个文档以查看其开头。</translation>
    </message>
    <message>
        <source>Loading documents…</source>
        <translation>正在加载文档…</translation>
    </message>
    <message numerus="yes">
        <source>%n document(s) in %1</source>
        <translation>
            <numerusform>%1 中有 %n 个文档</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n expired document(s) removed)</source>
        <translation>
            <numerusform>（已移除 %n 个过期文档）</numerusform>
        </translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <source>%1 — %2, %3</source>
        <translation>%1 — %2，%3</translation>
    </message>
    <message>
        <source>[… %1 more not shown]</source>
        <translation>[… 另有 %1 未显示]</translation>
    </message>
    <message>
        <source>Unpinning %1…</source>
        <translation>正在取消固定 %1…</translation>
    </message>
    <message>
        <source>Pinning %1…</source>
        <translation>正在固定 %1…</translation>
    </message>
    <message>
        <source>Deleting %1…</source>
        <translation>正在删除 %1…</translation>
    </message>
    <message>
        <source>Documents: %1</source>
        <translation>文档：%1</translation>
    </message>
    <message>
        <source>Document preview</source>
        <translation>文档预览</translation>
    </message>
</context>
<context>
    <name>valis::Embedder</name>
    <message>
        <source>the embedding client has stopped</source>
        <translation>嵌入客户端已停止</translation>
    </message>
    <message>
        <source>embedding was cancelled</source>
        <translation>嵌入已取消</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingClient</name>
    <message>
        <source>embedding was cancelled</source>
        <translation>嵌入已取消</translation>
    </message>
    <message>
        <source>the embedding provider is no longer available (its plugin has stopped)</source>
        <translation>嵌入提供方已不可用（其插件已停止）</translation>
    </message>
    <message>
        <source>the embedding server returned %1 vectors for %2 texts</source>
        <translation>嵌入服务器为 %2 段文本返回了 %1 个向量</translation>
    </message>
    <message>
        <source>the embedding model %1 returned a vector of %2 dimensions where %3 were expected</source>
        <translation>嵌入模型 %1 返回了 %2 维的向量，而预期为 %3 维</translation>
    </message>
    <message>
        <source>%1 does not know the embedding model &quot;%2&quot; (or has no embeddings API at %3): %4</source>
        <translation>%1 不认识嵌入模型“%2”（或在 %3 处没有嵌入 API）：%4</translation>
    </message>
    <message>
        <source>no embedding within %1 ms</source>
        <translation>%1 毫秒内未得到嵌入</translation>
    </message>
    <message>
        <source>the embedding client is not running</source>
        <translation>嵌入客户端未在运行</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingRunner</name>
    <message>
        <source>The embedding settings changed.</source>
        <translation>嵌入设置已更改。</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingSettings</name>
    <message>
        <source>embeddings: %1</source>
        <translation>嵌入：%1</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot;</source>
        <translation>未知设置“%1”</translation>
    </message>
    <message>
        <source>&quot;enabled&quot; must be true or false</source>
        <translation>&quot;enabled&quot; 必须是 true 或 false</translation>
    </message>
    <message>
        <source>provider, model and baseUrl must be text</source>
        <translation>provider、model 和 baseUrl 必须是文本</translation>
    </message>
    <message>
        <source>dimensions, batchSize and queryTimeoutMs must be whole numbers (batchSize and queryTimeoutMs at least 1)</source>
        <translation>dimensions、batchSize 和 queryTimeoutMs 必须是整数（batchSize 和 queryTimeoutMs 至少为 1）</translation>
    </message>
    <message>
        <source>&quot;retry&quot; must be an object</source>
        <translation>&quot;retry&quot; 必须是对象</translation>
    </message>
    <message>
        <source>enabled embeddings need a provider and a model</source>
        <translation>启用嵌入时需要指定提供方和模型</translation>
    </message>
    <message>
        <source>no embedding provider &quot;%1&quot; is loaded (is its plugin enabled?)</source>
        <translation>未加载嵌入提供方“%1”（其插件是否已启用？）</translation>
    </message>
    <message>
        <source>no embedding model is configured</source>
        <translation>未配置嵌入模型</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingSetup</name>
    <message>
        <source>embeddings are off (recall is lexical only)</source>
        <translation>嵌入已关闭（召回仅按词语匹配）</translation>
    </message>
    <message>
        <source>no embedding provider &quot;%1&quot; is loaded (is its plugin enabled?)</source>
        <translation>未加载嵌入提供方“%1”（其插件是否已启用？）</translation>
    </message>
    <message>
        <source>the embedding provider went away before its key was read</source>
        <translation>嵌入提供方在读取其密钥之前就已消失</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingStatus</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop embedding; it goes on after the next turn.</source>
        <translation>停止嵌入；它会在下一轮次之后继续。</translation>
    </message>
    <message>
        <source>Embedding…</source>
        <translation>正在嵌入…</translation>
    </message>
    <message>
        <source>Embedding %1 / %2</source>
        <translation>正在嵌入 %1 / %2</translation>
    </message>
    <message>
        <source>Vectors for memories and transcripts, so recall finds passages by meaning.</source>
        <translation>为记忆和对话记录生成向量，使召回能按语义找到段落。</translation>
    </message>
    <message>
        <source>Embedding failed</source>
        <translation>嵌入失败</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingsPage</name>
    <message>
        <source>With embeddings on, recall also finds memories and earlier conversations by meaning, not only by their words. Valis sends the text of memories and messages to the provider below to get their vectors, in the background after each turn.</source>
        <translation>启用嵌入后，召回不仅按词语，还能按语义找到记忆和之前的对话。每轮次结束后，Valis 会在后台将记忆和消息的文本发送给下方的提供方，以获取它们的向量。</translation>
    </message>
    <message>
        <source>config/memory.json could not be read, so nothing here will be saved until it is fixed: %1</source>
        <translation>无法读取 config/memory.json，因此在修复该文件之前，此处的内容都不会保存：%1</translation>
    </message>
    <message>
        <source>Find passages by meaning (embeddings)</source>
        <translation>按语义查找段落（嵌入）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 (not running)</source>
        <translation>%1（未运行）</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>提供方：</translation>
    </message>
    <message>
        <source>No embedding provider plugin is running; see Plugins.</source>
        <translation>没有正在运行的嵌入提供方插件；请查看“插件”页。</translation>
    </message>
    <message>
        <source>The plugins are still starting; open Settings again in a moment.</source>
        <translation>插件仍在启动；请稍后再打开设置。</translation>
    </message>
    <message>
        <source>e.g. text-embedding-3-small or nomic-embed-text</source>
        <translation>例如 text-embedding-3-small 或 nomic-embed-text</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>基础 URL：</translation>
    </message>
    <message>
        <source>Texts per request; the provider&apos;s own limit applies too.</source>
        <translation>每次请求的文本数；提供方自身的限制同样适用。</translation>
    </message>
    <message>
        <source>Batch size:</source>
        <translation>批大小：</translation>
    </message>
    <message>
        <source>Remove from keychain</source>
        <translation>从钥匙串中删除</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API 密钥：</translation>
    </message>
    <message>
        <source>Will be removed from the keychain when you apply.</source>
        <translation>应用后将从钥匙串中删除。</translation>
    </message>
    <message>
        <source>Empty: %1</source>
        <translation>留空时使用：%1</translation>
    </message>
    <message>
        <source>Empty: %1, or the variable %2 when it is set.</source>
        <translation>留空时使用：%1；如果设置了变量 %2，则使用该变量。</translation>
    </message>
    <message>
        <source>Paste a key to store it in the keychain</source>
        <translation>粘贴密钥以将其存入钥匙串</translation>
    </message>
    <message>
        <source>Only if this server wants a key</source>
        <translation>仅当此服务器需要密钥时填写</translation>
    </message>
    <message>
        <source>Choose a running provider.</source>
        <translation>请选择一个正在运行的提供方。</translation>
    </message>
    <message>
        <source>No keychain here; keys come from %1.</source>
        <translation>此处没有钥匙串；密钥来自 %1。</translation>
    </message>
    <message>
        <source>Reading the keychain…</source>
        <translation>正在读取钥匙串…</translation>
    </message>
    <message>
        <source>The keychain cannot be reached (%1); a key can still come from %2.</source>
        <translation>无法访问钥匙串（%1）；密钥仍可来自 %2。</translation>
    </message>
    <message>
        <source>In the keychain (account &quot;%1&quot;, shared with the chat provider): %2</source>
        <translation>钥匙串中（账户“%1”，与对话提供方共用）：%2</translation>
    </message>
    <message>
        <source>None stored.</source>
        <translation>未存储密钥。</translation>
    </message>
    <message>
        <source>None stored; %1 is used when set.</source>
        <translation>未存储密钥；如果设置了 %1，则使用它。</translation>
    </message>
    <message>
        <source>the base URL must be an http:// or https:// address, not &quot;%1&quot;</source>
        <translation>基础 URL 必须是 http:// 或 https:// 地址，而不是“%1”</translation>
    </message>
    <message>
        <source>%1&apos;s key: %2</source>
        <translation>%1 的密钥：%2</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
</context>
<context>
    <name>valis::FailureClassifier</name>
    <message>
        <source>Store a key with &quot;valis-cli keys set %1&quot; (it goes to the OS keychain)</source>
        <translation>用“valis-cli keys set %1”存储密钥（它会保存到操作系统钥匙串中）</translation>
    </message>
    <message>
        <source> or set %1</source>
        <translation> 或设置 %1</translation>
    </message>
    <message>
        <source>Keys are issued at %1.</source>
        <translation>密钥可在 %1 申请。</translation>
    </message>
    <message>
        <source>%1 needs an API key and none was sent.</source>
        <translation>%1 需要 API 密钥，但请求中未发送。</translation>
    </message>
    <message>
        <source>%1 accepted the API key from %2 but refuses it this request: the key lacks permission for it.</source>
        <translation>%1 接受了来自 %2 的 API 密钥，但拒绝了本次请求：该密钥没有此操作的权限。</translation>
    </message>
    <message>
        <source>%1 refused the API key from %2.</source>
        <translation>%1 拒绝了来自 %2 的 API 密钥。</translation>
    </message>
    <message>
        <source>%1 refuses requests until the account&apos;s quota or billing is sorted out; retrying cannot help.</source>
        <translation>在账户的配额或账单问题解决之前，%1 会拒绝请求；重试无济于事。</translation>
    </message>
    <message>
        <source>%1 is limiting the rate of requests.</source>
        <translation>%1 正在限制请求速率。</translation>
    </message>
    <message>
        <source>%1 is overloaded.</source>
        <translation>%1 过载。</translation>
    </message>
    <message>
        <source>%1 had a server error.</source>
        <translation>%1 发生了服务器错误。</translation>
    </message>
    <message>
        <source>The request does not fit the model&apos;s context window at %1.</source>
        <translation>在 %1 处，请求超出了模型的上下文窗口。</translation>
    </message>
    <message>
        <source>%1 refused the request.</source>
        <translation>%1 拒绝了该请求。</translation>
    </message>
    <message>
        <source>Could not reach %1 at %2.</source>
        <translation>无法通过 %2 连接到 %1。</translation>
    </message>
    <message>
        <source>%1 sent nothing for too long; the request was given up.</source>
        <translation>%1 太久没有发送任何数据；已放弃该请求。</translation>
    </message>
    <message>
        <source>The connection to %1 ended in the middle of the answer.</source>
        <translation>与 %1 的连接在回答中途断开。</translation>
    </message>
    <message>
        <source>%1 sent an answer that could not be read.</source>
        <translation>%1 发送的回答无法读取。</translation>
    </message>
    <message>
        <source>The request to %1 was cancelled.</source>
        <translation>对 %1 的请求已取消。</translation>
    </message>
</context>
<context>
    <name>valis::Fork</name>
    <message>
        <source>the session %1 has no message &quot;%2&quot; to fork at</source>
        <translation>会话 %1 中没有可用于分叉的消息 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>Fork of %1</source>
        <translation>%1 的分叉</translation>
    </message>
</context>
<context>
    <name>valis::GradientStrategy</name>
    <message>
        <source>gradient setting &quot;%1&quot;: %2</source>
        <translation>梯度策略的设置 &quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>takes a number from %1 to %2</source>
        <translation>需要 %1 到 %2 之间的数字</translation>
    </message>
    <message>
        <source>takes a whole number of at least %1</source>
        <translation>需要不小于 %1 的整数</translation>
    </message>
    <message>
        <source>takes &quot;model&quot; or &quot;extractive&quot;</source>
        <translation>只接受 &quot;model&quot; 或 &quot;extractive&quot;</translation>
    </message>
    <message>
        <source>takes four shares (R, S, C, T), at least one above 0</source>
        <translation>需要四个比例（R, S, C, T），其中至少一个大于 0</translation>
    </message>
</context>
<context>
    <name>valis::HistoryLabels</name>
    <message>
        <source>Regular history</source>
        <translation>常规历史</translation>
    </message>
    <message>
        <source>Gradient history</source>
        <translation>梯度历史</translation>
    </message>
    <message>
        <source>One-shot history</source>
        <translation>一次性历史</translation>
    </message>
    <message>
        <source>The configured context strategies: old tool output becomes pointers, the oldest turns a summary once the window fills up</source>
        <translation>使用已配置的上下文策略：窗口快满时，旧的工具输出变为指针，最早的轮次变为摘要</translation>
    </message>
    <message>
        <source>Recent turns whole, older ones smoothed, compressed or a sentence each, so hundreds of turns stay visible; the model can ask for any turn back</source>
        <translation>最近的轮次保持完整，较早的轮次经平滑、压缩或各缩为一句话，让数百个轮次保持可见；模型可以要回任意轮次</translation>
    </message>
    <message>
        <source>Only the current task, the plan and the progress ledger: for a worker that should not carry the planner&apos;s history</source>
        <translation>仅包含当前任务、计划和进度记录：适用于不应携带规划者历史的执行者</translation>
    </message>
</context>
<context>
    <name>valis::HistoryStrategies</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>the history strategy &quot;%1&quot; needs the context strategy plugin &quot;%1&quot;, which is not installed (installed history strategies: %2)</source>
        <translation>历史策略 &quot;%1&quot; 需要上下文策略插件 &quot;%1&quot;，但该插件未安装（已安装的历史策略：%2）</translation>
    </message>
    <message>
        <source>there is no history strategy &quot;%1&quot; (installed history strategies: %2)</source>
        <translation>没有历史策略 &quot;%1&quot;（已安装的历史策略：%2）</translation>
    </message>
</context>
<context>
    <name>valis::HttpServer</name>
    <message>
        <source>The request&apos;s headers are too large.</source>
        <translation>请求头过大。</translation>
    </message>
    <message>
        <source>A chunk size line of the request body is malformed.</source>
        <translation>请求体中某个分块的大小行格式错误。</translation>
    </message>
    <message numerus="yes">
        <source>The request body is larger than %n bytes.</source>
        <translation>
            <numerusform>请求体大于 %n 字节。</numerusform>
        </translation>
    </message>
    <message>
        <source>A chunk of the request body does not end where its size says.</source>
        <translation>请求体中某个分块的结束位置与其声明的大小不符。</translation>
    </message>
    <message>
        <source>The request&apos;s lines must end with CRLF.</source>
        <translation>请求的各行必须以 CRLF 结尾。</translation>
    </message>
    <message>
        <source>The request line is malformed.</source>
        <translation>请求行格式错误。</translation>
    </message>
    <message>
        <source>Only HTTP/1.1 and HTTP/1.0 are supported.</source>
        <translation>仅支持 HTTP/1.1 和 HTTP/1.0。</translation>
    </message>
    <message>
        <source>The request target is malformed.</source>
        <translation>请求目标格式错误。</translation>
    </message>
    <message>
        <source>The request has too many header fields.</source>
        <translation>请求的头字段过多。</translation>
    </message>
    <message>
        <source>Folded header lines are not accepted.</source>
        <translation>不接受折叠的请求头行。</translation>
    </message>
    <message>
        <source>A header field of the request is malformed.</source>
        <translation>请求的某个头字段格式错误。</translation>
    </message>
    <message>
        <source>A request cannot have both Content-Length and Transfer-Encoding.</source>
        <translation>请求不能同时包含 Content-Length 和 Transfer-Encoding。</translation>
    </message>
    <message>
        <source>Only the chunked transfer coding is supported.</source>
        <translation>仅支持 chunked 传输编码。</translation>
    </message>
    <message>
        <source>The request&apos;s Content-Length is malformed.</source>
        <translation>请求的 Content-Length 格式错误。</translation>
    </message>
    <message>
        <source>Nothing is served here.</source>
        <translation>此处不提供任何内容。</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2</source>
        <translation>无法在 %1 上监听：%2</translation>
    </message>
    <message>
        <source>The request&apos;s head did not arrive in time.</source>
        <translation>请求头未能及时到达。</translation>
    </message>
    <message>
        <source>The server has too many open connections; try again shortly.</source>
        <translation>服务器打开的连接过多；请稍后重试。</translation>
    </message>
</context>
<context>
    <name>valis::HttpSseStream</name>
    <message>
        <source>The request has no network access or no stream decoder.</source>
        <translation>该请求没有网络访问或流解码器。</translation>
    </message>
    <message>
        <source>The server gave no HTTP status.</source>
        <translation>服务器未返回 HTTP 状态。</translation>
    </message>
    <message>
        <source>The connection closed in the middle of an event.</source>
        <translation>连接在某个事件中途关闭。</translation>
    </message>
    <message>
        <source>The connection closed before the end of the answer.</source>
        <translation>连接在回答结束之前关闭。</translation>
    </message>
    <message>
        <source>No data arrived within the idle timeout of %1 ms.</source>
        <translation>在 %1 毫秒的空闲超时内没有收到数据。</translation>
    </message>
    <message>
        <source>Expected an event stream (text/event-stream) but the server answered %1: %2</source>
        <translation>预期为事件流（text/event-stream），但服务器返回了 %1：%2</translation>
    </message>
</context>
<context>
    <name>valis::InspectorDock</name>
    <message>
        <source>Context inspector</source>
        <translation>上下文检查器</translation>
    </message>
    <message>
        <source>Inspecting request %1…</source>
        <translation>正在检查请求 %1…</translation>
    </message>
    <message>
        <source>Inspecting…</source>
        <translation>正在检查…</translation>
    </message>
</context>
<context>
    <name>valis::InspectorFormat</name>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Cache: nothing recorded.</source>
        <translation>缓存：无记录。</translation>
    </message>
    <message>
        <source>Cache: %1 read · %2 written · %3 uncached input · %4 output</source>
        <translation>缓存：读取 %1 · 写入 %2 · 未缓存输入 %3 · 输出 %4</translation>
    </message>
    <message>
        <source> · cost %1</source>
        <translation> · 费用 %1</translation>
    </message>
    <message>
        <source>The first request: nothing before it to compare with.</source>
        <translation>第一次请求：之前没有可比较的请求。</translation>
    </message>
    <message>
        <source>No comparison with the previous request.</source>
        <translation>未与上一次请求比较。</translation>
    </message>
    <message>
        <source>The cached prefix held: this request starts as request %1 did.</source>
        <translation>缓存前缀保持不变：此请求的开头与请求 %1 相同。</translation>
    </message>
    <message>
        <source>The cached prefix broke at message #%1</source>
        <translation>缓存前缀在消息 #%1 处中断</translation>
    </message>
    <message>
        <source>%1 tokens were sent again without the cache</source>
        <translation>有 %1 个 token 未经缓存而被重新发送</translation>
    </message>
    <message>
        <source>, costing about %1 more.</source>
        <translation>，多花费约 %1。</translation>
    </message>
    <message>
        <source>Pointer %1</source>
        <translation>指针 %1</translation>
    </message>
    <message>
        <source>MemoryRef %1</source>
        <translation>MemoryRef %1</translation>
    </message>
</context>
<context>
    <name>valis::InspectorView</name>
    <message>
        <source>Context inspector</source>
        <translation>上下文检查器</translation>
    </message>
    <message>
        <source>Inspector pages</source>
        <translation>检查器页面</translation>
    </message>
    <message>
        <source>‹ Previous</source>
        <translation>‹ 上一个</translation>
    </message>
    <message>
        <source>Previous request</source>
        <translation>上一个请求</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Request number</source>
        <translation>请求编号</translation>
    </message>
    <message>
        <source>Next ›</source>
        <translation>下一个 ›</translation>
    </message>
    <message>
        <source>Next request</source>
        <translation>下一个请求</translation>
    </message>
    <message>
        <source>Hash check</source>
        <translation>哈希校验</translation>
    </message>
    <message>
        <source>Cache and cost</source>
        <translation>缓存和费用</translation>
    </message>
    <message>
        <source>MemoryRefs and pointers in the request</source>
        <translation>请求中的 MemoryRef 和指针</translation>
    </message>
    <message>
        <source>Messages sent</source>
        <translation>已发送的消息</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>MemoryRefs and pointers in the message</source>
        <translation>消息中的 MemoryRef 和指针</translation>
    </message>
    <message>
        <source>The selected message&apos;s text</source>
        <translation>所选消息的文本</translation>
    </message>
    <message>
        <source>Select a message to read what was sent.</source>
        <translation>选择一条消息以阅读发送的内容。</translation>
    </message>
    <message>
        <source>&amp;Messages</source>
        <translation>消息(&amp;M)</translation>
    </message>
    <message>
        <source>Where the cached prefix broke</source>
        <translation>缓存前缀中断的位置</translation>
    </message>
    <message>
        <source>Changes against the previous request</source>
        <translation>与上一次请求相比的变化</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Where it went</source>
        <translation>去向</translation>
    </message>
    <message>
        <source>&amp;Diff</source>
        <translation>差异(&amp;D)</translation>
    </message>
    <message>
        <source>The request could not be inspected: %1</source>
        <translation>无法检查该请求：%1</translation>
    </message>
    <message>
        <source> of %1</source>
        <translation> / %1</translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation>轮次 %1</translation>
    </message>
    <message>
        <source>No token counts.</source>
        <translation>没有 token 计数。</translation>
    </message>
    <message>
        <source>No request chosen.</source>
        <translation>未选择请求。</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>%1 tokens (%2): system %3 · tools %4 · messages %5</source>
        <translation>%1 个 token（%2）：系统 %3 · 工具 %4 · 消息 %5</translation>
    </message>
    <message>
        <source>Imported: rebuilt from the record, nothing to check.</source>
        <translation>导入的会话：根据记录重建，无可校验的内容。</translation>
    </message>
    <message>
        <source>✓ Matches the recorded request.</source>
        <translation>✓ 与记录的请求一致。</translation>
    </message>
    <message>
        <source>MISMATCH: the view rebuilt from the record is not the request that was sent.</source>
        <translation>不一致：根据记录重建的视图并非实际发送的请求。</translation>
    </message>
    <message>
        <source>Recorded %1, rebuilt %2.</source>
        <translation>记录值 %1，重建值 %2。</translation>
    </message>
    <message>
        <source>No recorded hash to check against.</source>
        <translation>没有可供校验的已记录哈希。</translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>未校验：%1</translation>
    </message>
    <message>
        <source>◆ breakpoint</source>
        <translation>◆ 断点</translation>
    </message>
    <message>
        <source>A cache breakpoint: the prefix up to here is cached.</source>
        <translation>缓存断点：到此为止的前缀已被缓存。</translation>
    </message>
    <message>
        <source>#%1 %2: %3</source>
        <translation>#%1 %2：%3</translation>
    </message>
    <message>
        <source>Added (%1)</source>
        <translation>已添加（%1）</translation>
    </message>
    <message>
        <source>Evicted (%1)</source>
        <translation>已移出（%1）</translation>
    </message>
    <message>
        <source>Summarised (%1)</source>
        <translation>已摘要（%1）</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n 条消息</numerusform>
        </translation>
    </message>
    <message>
        <source>Moved (%1)</source>
        <translation>已移动（%1）</translation>
    </message>
</context>
<context>
    <name>valis::InspectorWorker</name>
    <message>
        <source>No recorded request produced this message.</source>
        <translation>没有已记录的请求生成此消息。</translation>
    </message>
</context>
<context>
    <name>valis::JsonRpcMessage</name>
    <message>
        <source>not a JSON-RPC 2.0 message (&quot;jsonrpc&quot; is not &quot;2.0&quot;)</source>
        <translation>不是 JSON-RPC 2.0 消息（&quot;jsonrpc&quot; 不是 &quot;2.0&quot;）</translation>
    </message>
    <message>
        <source>the params of &quot;%1&quot; are not an object</source>
        <translation>“%1”的 params 不是对象</translation>
    </message>
    <message>
        <source>the request &quot;%1&quot; has an id that is neither a string nor a number</source>
        <translation>请求“%1”的 id 既不是字符串也不是数字</translation>
    </message>
    <message>
        <source>a message with neither a method nor an id</source>
        <translation>一条既没有 method 也没有 id 的消息</translation>
    </message>
    <message>
        <source>an error response without a numeric error code</source>
        <translation>一条没有数字错误码的错误响应</translation>
    </message>
    <message>
        <source>a response with neither a result nor an error</source>
        <translation>一条既没有 result 也没有 error 的响应</translation>
    </message>
    <message>
        <source>a response whose id is neither a string nor a number</source>
        <translation>一条 id 既不是字符串也不是数字的响应</translation>
    </message>
    <message>
        <source>not JSON (%1 at byte %2)</source>
        <translation>不是 JSON（第 %2 字节处：%1）</translation>
    </message>
    <message>
        <source>an empty batch</source>
        <translation>一个空批次</translation>
    </message>
    <message>
        <source>a batch holding something other than objects</source>
        <translation>一个包含非对象内容的批次</translation>
    </message>
    <message>
        <source>neither a JSON object nor an array</source>
        <translation>既不是 JSON 对象也不是数组</translation>
    </message>
</context>
<context>
    <name>valis::JsonSource</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>not valid JSON (%1 at column %2)</source>
        <translation>不是有效的 JSON（%1，位于第 %2 列）</translation>
    </message>
    <message>
        <source>expected a JSON object on this line</source>
        <translation>此行应为 JSON 对象</translation>
    </message>
</context>
<context>
    <name>valis::JsonlExport</name>
    <message>
        <source>cannot write the export: %1</source>
        <translation>无法写入导出文件：%1</translation>
    </message>
</context>
<context>
    <name>valis::KeychainCredentialStore</name>
    <message>
        <source>No keychain account was named.</source>
        <translation>未指定钥匙串账户。</translation>
    </message>
    <message>
        <source>Set the provider&apos;s API key environment variable (such as ANTHROPIC_API_KEY) instead, or start a Secret Service such as gnome-keyring or KWallet in your session.</source>
        <translation>请改为设置提供方的 API 密钥环境变量（例如 ANTHROPIC_API_KEY），或在你的会话中启动 Secret Service，例如 gnome-keyring 或 KWallet。</translation>
    </message>
    <message>
        <source>No keychain can be reached: there is no D-Bus session bus</source>
        <translation>无法访问任何钥匙串：没有 D-Bus 会话总线</translation>
    </message>
    <message>
        <source>No keychain can be reached: no Secret Service runs on the D-Bus session bus</source>
        <translation>无法访问任何钥匙串：D-Bus 会话总线上没有运行 Secret Service</translation>
    </message>
    <message>
        <source>No keychain is available on this system</source>
        <translation>此系统上没有可用的钥匙串</translation>
    </message>
    <message>
        <source>The keychain refused access to the key for &quot;%1&quot;</source>
        <translation>钥匙串拒绝访问“%1”的密钥</translation>
    </message>
    <message>
        <source>Unlock the keychain or allow Valis to use it, or set the provider&apos;s API key environment variable instead.</source>
        <translation>请解锁钥匙串或允许 Valis 使用它，或者改为设置提供方的 API 密钥环境变量。</translation>
    </message>
    <message>
        <source>The keychain could not read the key for &quot;%1&quot;</source>
        <translation>钥匙串无法读取“%1”的密钥</translation>
    </message>
    <message>
        <source>The keychain could not store the key for &quot;%1&quot;</source>
        <translation>钥匙串无法存储“%1”的密钥</translation>
    </message>
    <message>
        <source>The keychain could not remove the key for &quot;%1&quot;</source>
        <translation>钥匙串无法删除“%1”的密钥</translation>
    </message>
</context>
<context>
    <name>valis::LocomoImporter</name>
    <message>
        <source>not a LoCoMo file: %1</source>
        <translation>不是 LoCoMo 文件：%1</translation>
    </message>
    <message>
        <source>LoCoMo conversations</source>
        <translation>LoCoMo 对话</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>the file is not valid JSON: %1 at byte %2</source>
        <translation>该文件不是有效的 JSON：%1（位于第 %2 字节）</translation>
    </message>
    <message>
        <source>the top level is not a list of conversations</source>
        <translation>顶层不是对话列表</translation>
    </message>
    <message>
        <source>conversation %1 has no sample_id, speaker_a or speaker_b</source>
        <translation>对话 %1 缺少 sample_id、speaker_a 或 speaker_b</translation>
    </message>
    <message>
        <source>%1 and %2, session %3 (%4)</source>
        <translation>%1 和 %2，会话 %3（%4）</translation>
    </message>
    <message>
        <source>%1 session %2: unreadable date &quot;%3&quot;; the file&apos;s time is used</source>
        <translation>%1 会话 %2：无法识别的日期“%3”；改用文件的时间</translation>
    </message>
    <message>
        <source>%1 session %2 turn %3 has no dia_id or an unknown speaker</source>
        <translation>%1 会话 %2 轮次 %3 缺少 dia_id，或说话人未知</translation>
    </message>
    <message>
        <source>no sessions in it</source>
        <translation>其中没有会话</translation>
    </message>
</context>
<context>
    <name>valis::MainWindow</name>
    <message>
        <source>Valis</source>
        <translation>Valis</translation>
    </message>
    <message>
        <source>Loading sessions…</source>
        <translation>正在加载会话…</translation>
    </message>
    <message>
        <source>Plugins: starting…</source>
        <translation>插件：正在启动…</translation>
    </message>
    <message>
        <source>The %1 provider plugin is not running; see the plugin status.</source>
        <translation>%1 提供方插件未在运行；请查看插件状态。</translation>
    </message>
    <message>
        <source>Next turn: %1 on %2 (its base URL comes from config/providers.json, default localhost:11434).</source>
        <translation>下一轮次：%2 上的 %1（其基础 URL 来自 config/providers.json，默认为 localhost:11434）。</translation>
    </message>
    <message>
        <source>%1 requests · cache hits %2% · $%3%4</source>
        <translation>%1 次请求 · 缓存命中率 %2% · $%3%4</translation>
    </message>
    <message>
        <source> + unknown</source>
        <translation> + 未知</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Transcript search</source>
        <translation>对话记录搜索</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New session</source>
        <translation>新建会话(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Reload sessions</source>
        <translation>重新加载会话(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Filter sessions</source>
        <translation>筛选会话(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Search transcripts</source>
        <translation>搜索对话记录(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <translation>对话(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Write to the agent</source>
        <translation>给智能体写消息(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Stop the turn</source>
        <translation>停止本轮次(&amp;S)</translation>
    </message>
    <message>
        <source>No tool call is waiting for your answer.</source>
        <translation>没有等待你答复的工具调用。</translation>
    </message>
    <message>
        <source>&amp;Allow the waiting call once</source>
        <translation>允许等待中的调用一次(&amp;A)</translation>
    </message>
    <message>
        <source>Allow it for this &amp;session</source>
        <translation>在此会话中允许(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Deny the waiting call</source>
        <translation>拒绝等待中的调用(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Rename session…</source>
        <translation>重命名会话(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Archive session</source>
        <translation>归档会话(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Valis</source>
        <translation>关于 Valis(&amp;A)</translation>
    </message>
    <message>
        <source>Rename session</source>
        <translation>重命名会话</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>标题：</translation>
    </message>
    <message>
        <source>Undo: archived &quot;%1&quot;</source>
        <translation>撤销：已归档“%1”</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
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
        <source>A new session: write the first turn below.</source>
        <translation>新会话：请在下方写下第一轮内容。</translation>
    </message>
    <message>
        <source>A plugin may have crashed Valis</source>
        <translation>某个插件可能导致了 Valis 崩溃</translation>
    </message>
    <message>
        <source>The plugin &quot;%1&quot; was loading when Valis last stopped unexpectedly. Disable it?</source>
        <translation>Valis 上次意外停止时，插件“%1”正在加载。要禁用它吗？</translation>
    </message>
    <message>
        <source>Disabled the plugin &quot;%1&quot;.</source>
        <translation>已禁用插件“%1”。</translation>
    </message>
    <message>
        <source>Could not disable the plugin &quot;%1&quot;: %2</source>
        <translation>无法禁用插件“%1”：%2</translation>
    </message>
    <message>
        <source>All plugins started.</source>
        <translation>所有插件均已启动。</translation>
    </message>
    <message>
        <source>Plugins: safe mode, none loaded</source>
        <translation>插件：安全模式，未加载任何插件</translation>
    </message>
    <message>
        <source>Plugins: %1 running</source>
        <translation>插件：%1 个正在运行</translation>
    </message>
    <message>
        <source>Plugins: %1 running, %2 with problems</source>
        <translation>插件：%1 个正在运行，%2 个有问题</translation>
    </message>
    <message numerus="yes">
        <source>%n sessions in %1</source>
        <translation>
            <numerusform>%1 中有 %n 个会话</numerusform>
        </translation>
    </message>
    <message>
        <source>No sessions yet. Import your agent transcripts with &apos;valis-cli import ~/.claude/projects&apos; or start a session.</source>
        <translation>尚无会话。可使用“valis-cli import ~/.claude/projects”导入你的智能体对话记录，或开始一个新会话。</translation>
    </message>
    <message>
        <source>Choose a session on the left.</source>
        <translation>请在左侧选择一个会话。</translation>
    </message>
    <message>
        <source>There is no session &quot;%1&quot;.</source>
        <translation>没有会话“%1”。</translation>
    </message>
    <message>
        <source>Session store: %1</source>
        <translation>会话存储：%1</translation>
    </message>
    <message>
        <source>The session store could not be read: %1</source>
        <translation>无法读取会话存储：%1</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>设置(&amp;T)…</translation>
    </message>
    <message>
        <source>Filter sessions and folders</source>
        <translation>筛选会话和文件夹</translation>
    </message>
    <message>
        <source>A turn is running; regenerate when it is done.</source>
        <translation>有轮次正在运行；请在其结束后再重新生成。</translation>
    </message>
    <message>
        <source>A turn is running; switch branches when it is done.</source>
        <translation>有轮次正在运行；请在其结束后再切换分支。</translation>
    </message>
    <message>
        <source>&amp;Delete session…</source>
        <translation>删除会话(&amp;D)…</translation>
    </message>
    <message>
        <source>Stop the running turn before deleting its session.</source>
        <translation>请先停止正在运行的轮次，再删除其所在的会话。</translation>
    </message>
    <message>
        <source>Undo: deleted &quot;%1&quot;</source>
        <translation>撤销：已删除“%1”</translation>
    </message>
    <message>
        <source>Forked into &quot;%1&quot;: write its first request below; its answer is reported to the session it came from.</source>
        <translation>已分叉到 &quot;%1&quot;：请在下方写下它的第一个请求；它的回答会报告给其来源会话。</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>所学内容</translation>
    </message>
    <message>
        <source>Bringing files back and deleting the remote machine before closing…</source>
        <translation>关闭前正在取回文件并删除远程机器…</translation>
    </message>
    <message>
        <source>Bringing files back from the remote machine before closing…</source>
        <translation>关闭前正在从远程机器取回文件…</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Filter sessions</source>
        <translation>筛选会话</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>No session is shown.</source>
        <translation>未显示任何会话。</translation>
    </message>
    <message>
        <source>This imported session records no usage: its source did not report what its requests sent, so there is nothing true to show.</source>
        <translation>此导入的会话没有记录用量：其来源未报告其请求发送了什么，因此没有真实的数据可显示。</translation>
    </message>
    <message>
        <source>This session records no usage yet: no request of it has reported its tokens.</source>
        <translation>此会话尚未记录用量：其请求均未报告 token 数。</translation>
    </message>
    <message>
        <source>No session is shown, so there is no request to inspect.</source>
        <translation>未显示任何会话，因此没有可检查的请求。</translation>
    </message>
    <message>
        <source>Desktop notification not shown: %1</source>
        <translation>未显示桌面通知：%1</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>无标题会话</translation>
    </message>
    <message>
        <source>The turn has ended.</source>
        <translation>本轮次已结束。</translation>
    </message>
    <message>
        <source>A command failed: %1</source>
        <translation>命令失败：%1</translation>
    </message>
    <message>
        <source>A tool call waits for your approval: %1</source>
        <translation>有工具调用等待你的批准：%1</translation>
    </message>
    <message>
        <source>Background agent</source>
        <translation>后台智能体</translation>
    </message>
    <message>
        <source>A background agent failed: %1</source>
        <translation>后台智能体失败：%1</translation>
    </message>
    <message>
        <source>&amp;Command palette…</source>
        <translation>命令面板(&amp;C)…</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Settings: %1</source>
        <translation>设置：%1</translation>
    </message>
    <message>
        <source>Settings page</source>
        <translation>设置页面</translation>
    </message>
    <message>
        <source>Workspace: %1</source>
        <translation>工作区：%1</translation>
    </message>
    <message>
        <source>Recent workspace</source>
        <translation>最近的工作区</translation>
    </message>
    <message>
        <source>Session list: %1</source>
        <translation>会话列表：%1</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <source>&amp;Pin session</source>
        <translation>固定会话(&amp;P)</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>导出为 Markdown(&amp;M)…</translation>
    </message>
    <message>
        <source>Export as &amp;JSONL…</source>
        <translation>导出为 JSONL(&amp;J)…</translation>
    </message>
    <message>
        <source>Un&amp;pin session</source>
        <translation>取消固定会话(&amp;P)</translation>
    </message>
    <message>
        <source>S&amp;ort sessions by</source>
        <translation>会话排序方式(&amp;O)</translation>
    </message>
    <message>
        <source>Recent activity</source>
        <translation>最近活动</translation>
    </message>
    <message>
        <source>Creation date</source>
        <translation>创建日期</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Export the session as JSONL</source>
        <translation>将会话导出为 JSONL</translation>
    </message>
    <message>
        <source>Export the session as Markdown</source>
        <translation>将会话导出为 Markdown</translation>
    </message>
    <message>
        <source>Valis JSONL (*.jsonl)</source>
        <translation>Valis JSONL (*.jsonl)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>The plugin &quot;%1&quot; was shutting down when Valis last stopped unexpectedly. Disable it?</source>
        <translation>Valis 上次意外停止时，插件“%1”正在关闭。要禁用它吗？</translation>
    </message>
    <message>
        <source>The plugin &quot;%1&quot; did not finish shutting down when Valis last quit, so Valis quit without it. Disable it?</source>
        <translation>Valis 上次退出时，插件“%1”未能完成关闭，因此 Valis 未等待它就退出了。要禁用它吗？</translation>
    </message>
</context>
<context>
    <name>valis::MarkdownExport</name>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Assistant (%1)</source>
        <translation>助手（%1）</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>(redacted)</source>
        <translation>（已隐去）</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>思考过程</translation>
    </message>
    <message>
        <source>**Tool call** `%1` (%2)</source>
        <translation>**工具调用** `%1`（%2）</translation>
    </message>
    <message>
        <source>**Tool result** (%1, error)</source>
        <translation>**工具结果**（%1，错误）</translation>
    </message>
    <message>
        <source>**Tool result** (%1)</source>
        <translation>**工具结果**（%1）</translation>
    </message>
    <message>
        <source>*[image %1, %2]*</source>
        <translation>*[图片 %1，%2]*</translation>
    </message>
    <message>
        <source>- Session: `%1` (%2)</source>
        <translation>- 会话：`%1`（%2）</translation>
    </message>
    <message>
        <source>- Workspace: `%1`</source>
        <translation>- 工作区：`%1`</translation>
    </message>
    <message>
        <source>- Model: %1</source>
        <translation>- 模型：%1</translation>
    </message>
    <message>
        <source>- Started: %1</source>
        <translation>- 开始时间：%1</translation>
    </message>
    <message>
        <source>- Started by session `%1`</source>
        <translation>- 由会话 `%1` 启动</translation>
    </message>
    <message>
        <source>Turn %1</source>
        <translation>轮次 %1</translation>
    </message>
    <message>
        <source>marker: %1</source>
        <translation>标记：%1</translation>
    </message>
    <message>
        <source>cannot write the export: %1</source>
        <translation>无法写入导出文件：%1</translation>
    </message>
    <message>
        <source>Recalled for the model</source>
        <translation>为模型召回的内容</translation>
    </message>
</context>
<context>
    <name>valis::McpAuditEntry</name>
    <message>
        <source>an audit entry needs a time and a method</source>
        <translation>审计条目需要时间和方法</translation>
    </message>
</context>
<context>
    <name>valis::McpAuditLog</name>
    <message>
        <source>cannot write the MCP audit log: %1</source>
        <translation>无法写入 MCP 审计日志：%1</translation>
    </message>
    <message>
        <source>cannot read the MCP audit log: %1</source>
        <translation>无法读取 MCP 审计日志：%1</translation>
    </message>
</context>
<context>
    <name>valis::McpAuditView</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Reading the log…</source>
        <translation>正在读取日志…</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>No agent has called Valis yet (%1).</source>
        <translation>尚无智能体调用过 Valis（%1）。</translation>
    </message>
    <message numerus="yes">
        <source>The newest %n call(s), newest first.</source>
        <translation>
            <numerusform>最新的 %n 次调用，最新的在前。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of the log could not be read.</source>
        <translation>
            <numerusform>日志中有 %n 行无法读取。</numerusform>
        </translation>
    </message>
    <message>
        <source>MCP audit log</source>
        <translation>MCP 审计日志</translation>
    </message>
</context>
<context>
    <name>valis::McpClient</name>
    <message>
        <source>initialize failed: %1</source>
        <translation>initialize 失败：%1</translation>
    </message>
    <message>
        <source>the server speaks MCP revision &quot;%1&quot;, which Valis does not (it speaks %2)</source>
        <translation>服务器使用 MCP 修订版“%1”，Valis 不支持该版本（Valis 支持 %2）</translation>
    </message>
    <message>
        <source>an answer to no pending request: %1</source>
        <translation>一条不对应任何待处理请求的应答：%1</translation>
    </message>
    <message>
        <source>Valis does not offer %1</source>
        <translation>Valis 不提供 %1</translation>
    </message>
    <message>
        <source>initialising again: the server ended the session</source>
        <translation>正在重新初始化：服务器结束了会话</translation>
    </message>
</context>
<context>
    <name>valis::McpClientConfig</name>
    <message>
        <source>Claude Code</source>
        <translation>Claude Code</translation>
    </message>
    <message>
        <source>Codex</source>
        <translation>Codex</translation>
    </message>
    <message>
        <source>Claude Desktop</source>
        <translation>Claude Desktop</translation>
    </message>
    <message>
        <source>the file changed since it was shown; nothing was written, look at the change again</source>
        <translation>该文件在显示之后已被更改；未写入任何内容，请重新查看更改</translation>
    </message>
    <message>
        <source>cannot keep a copy of the file (%1); nothing was written</source>
        <translation>无法保留该文件的副本（%1）；未写入任何内容</translation>
    </message>
    <message>
        <source>cannot create the folder</source>
        <translation>无法创建文件夹</translation>
    </message>
    <message>
        <source>cannot write the file: %1</source>
        <translation>无法写入文件：%1</translation>
    </message>
</context>
<context>
    <name>valis::McpCommandResolver</name>
    <message>
        <source>the command &quot;%1&quot; does not exist</source>
        <translation>命令“%1”不存在</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an executable file</source>
        <translation>“%1”不是可执行文件</translation>
    </message>
    <message>
        <source>the path given</source>
        <translation>给定的路径</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>PATH</translation>
    </message>
    <message>
        <source>the login shell&apos;s PATH</source>
        <translation>登录 shell 的 PATH</translation>
    </message>
    <message>
        <source>&quot;%1&quot; was found neither on PATH nor on your login shell&apos;s PATH; give its full path in the server&apos;s &quot;command&quot;</source>
        <translation>在 PATH 和你的登录 shell 的 PATH 中都找不到“%1”；请在服务器的 &quot;command&quot; 中填写其完整路径</translation>
    </message>
    <message>
        <source>, through cmd /c</source>
        <translation>，通过 cmd /c</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// address</source>
        <translation>“%1”不是 http:// 或 https:// 地址</translation>
    </message>
    <message>
        <source>header %1: %2</source>
        <translation>请求头 %1：%2</translation>
    </message>
    <message>
        <source>the environment variable %1, which should hold the bearer token, is not set</source>
        <translation>应保存 Bearer 令牌的环境变量 %1 未设置</translation>
    </message>
    <message>
        <source>env %1: %2</source>
        <translation>env %1：%2</translation>
    </message>
    <message>
        <source>the working folder &quot;%1&quot; does not exist</source>
        <translation>工作文件夹“%1”不存在</translation>
    </message>
</context>
<context>
    <name>valis::McpComposerAssist</name>
    <message>
        <source>%1 did not list its resources: %2</source>
        <translation>%1 未列出其资源：%2</translation>
    </message>
    <message>
        <source>%1 did not list its prompts: %2</source>
        <translation>%1 未列出其提示词：%2</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Not attached: %1</source>
        <translation>未附加：%1</translation>
    </message>
    <message>
        <source>/%1:%2</source>
        <translation>/%1:%2</translation>
    </message>
    <message>
        <source>&amp;Insert</source>
        <translation>插入(&amp;I)</translation>
    </message>
    <message>
        <source>Getting /%1:%2…</source>
        <translation>正在获取 /%1:%2…</translation>
    </message>
    <message>
        <source>/%1:%2 failed: %3</source>
        <translation>/%1:%2 失败：%3</translation>
    </message>
    <message>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
    <message>
        <source>/%1:%2 (%3)</source>
        <translation>/%1:%2（%3）</translation>
    </message>
    <message>
        <source>Part of /%1:%2 was left out: %3</source>
        <translation>/%1:%2 的一部分被省略：%3</translation>
    </message>
</context>
<context>
    <name>valis::McpHttpTransport</name>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// address</source>
        <translation>“%1”不是 http:// 或 https:// 地址</translation>
    </message>
    <message>
        <source>cannot reach %1: %2</source>
        <translation>无法连接 %1：%2</translation>
    </message>
    <message>
        <source>POST answered %1: trying the older HTTP+SSE transport</source>
        <translation>POST 返回 %1：正在尝试较旧的 HTTP+SSE 传输</translation>
    </message>
    <message>
        <source>the server no longer knows session %1</source>
        <translation>服务器已不再识别会话 %1</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 收到 HTTP %2 响应：%3</translation>
    </message>
    <message>
        <source>the server asks for more scope (%1): authorising again</source>
        <translation>服务器要求更多范围（%1）：正在重新授权</translation>
    </message>
    <message>
        <source>the server asks for authorisation</source>
        <translation>服务器要求授权</translation>
    </message>
    <message>
        <source>%1 was not delivered: %2</source>
        <translation>%1 未送达：%2</translation>
    </message>
    <message>
        <source>%1: skipped a message that is not JSON-RPC (%2)</source>
        <translation>%1：跳过了一条不是 JSON-RPC 的消息（%2）</translation>
    </message>
    <message>
        <source>an event stream broke off: %1</source>
        <translation>一个事件流中断了：%1</translation>
    </message>
    <message>
        <source>resuming the event stream after %1 ms from event %2</source>
        <translation>%1 毫秒后从事件 %2 起恢复事件流</translation>
    </message>
    <message>
        <source>%1 answered neither as a Streamable HTTP nor as an HTTP+SSE MCP server (GET: %2)</source>
        <translation>%1 既没有按 Streamable HTTP MCP 服务器应答，也没有按 HTTP+SSE MCP 服务器应答（GET：%2）</translation>
    </message>
    <message>
        <source>the server named a message endpoint on another host (%1)</source>
        <translation>服务器指定的消息端点位于另一台主机上（%1）</translation>
    </message>
    <message>
        <source>HTTP+SSE: messages go to %1</source>
        <translation>HTTP+SSE：消息发往 %1</translation>
    </message>
</context>
<context>
    <name>valis::McpInteractionDialog</name>
    <message>
        <source>[an image, %1]</source>
        <translation>[一张图片，%1]</translation>
    </message>
    <message>
        <source>[audio, %1]</source>
        <translation>[音频，%1]</translation>
    </message>
    <message>
        <source>A tool asks:</source>
        <translation>一个工具询问：</translation>
    </message>
    <message>
        <source>%1 asks:</source>
        <translation>%1 询问：</translation>
    </message>
    <message>
        <source>Information requested</source>
        <translation>请求提供信息</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>发送(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Decline</source>
        <translation>拒绝(&amp;D)</translation>
    </message>
    <message>
        <source>Open an address?</source>
        <translation>打开一个地址？</translation>
    </message>
    <message>
        <source>It wants your browser to open a page on</source>
        <translation>它希望您的浏览器打开以下站点上的页面</translation>
    </message>
    <message>
        <source>The address is not encrypted (%1).</source>
        <translation>该地址未加密（%1）。</translation>
    </message>
    <message>
        <source>The whole address:</source>
        <translation>完整地址：</translation>
    </message>
    <message>
        <source>&amp;Open in the browser</source>
        <translation>在浏览器中打开(&amp;O)</translation>
    </message>
    <message>
        <source>Let the model answer?</source>
        <translation>让模型回答吗？</translation>
    </message>
    <message>
        <source>the session&apos;s model</source>
        <translation>会话的模型</translation>
    </message>
    <message>
        <source>Answered by:</source>
        <translation>回答者：</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>未指定</translation>
    </message>
    <message>
        <source>At most (tokens):</source>
        <translation>最多（token）：</translation>
    </message>
    <message>
        <source>It would prefer:</source>
        <translation>它倾向于：</translation>
    </message>
    <message>
        <source>System prompt:</source>
        <translation>系统提示词：</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Messages:</source>
        <translation>消息：</translation>
    </message>
    <message>
        <source>&amp;Allow</source>
        <translation>允许(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>拒绝(&amp;D)</translation>
    </message>
</context>
<context>
    <name>valis::McpOAuthAuthorizer</name>
    <message>
        <source>the sign-in was abandoned</source>
        <translation>登录已放弃</translation>
    </message>
    <message>
        <source>stored sign-in not read: %1</source>
        <translation>未读取已保存的登录信息：%1</translation>
    </message>
    <message>
        <source>refreshing failed (%1): signing in again</source>
        <translation>刷新失败（%1）：正在重新登录</translation>
    </message>
    <message>
        <source>signed out</source>
        <translation>已退出登录</translation>
    </message>
    <message>
        <source>%1 at %2 failed: %3</source>
        <translation>%1（%2）失败：%3</translation>
    </message>
    <message>
        <source>there is no refresh token to renew the sign-in with</source>
        <translation>没有可用于续期登录的刷新令牌</translation>
    </message>
    <message>
        <source>refreshing the access token</source>
        <translation>正在刷新访问令牌</translation>
    </message>
    <message>
        <source>Renewing the sign-in</source>
        <translation>续期登录</translation>
    </message>
    <message>
        <source>the authorization server&apos;s token answer holds no access_token</source>
        <translation>授权服务器的令牌应答中没有 access_token</translation>
    </message>
    <message>
        <source>the authorization server issued a &quot;%1&quot; token; Valis uses Bearer tokens only</source>
        <translation>授权服务器签发的是“%1”令牌；Valis 只使用 Bearer 令牌</translation>
    </message>
    <message>
        <source>the sign-in is not kept for next time: %1</source>
        <translation>此次登录不会保存供下次使用：%1</translation>
    </message>
    <message>
        <source>sign-in failed: %1</source>
        <translation>登录失败：%1</translation>
    </message>
    <message>
        <source>not JSON</source>
        <translation>不是 JSON</translation>
    </message>
    <message>
        <source>no protected-resource metadata: trying %1 as the authorization server (2025-03-26 rules)</source>
        <translation>没有受保护资源元数据：正在尝试将 %1 作为授权服务器（2025-03-26 规则）</translation>
    </message>
    <message>
        <source>the protected-resource metadata at %1 is for %2, not for %3; Valis will not send a sign-in meant for another server</source>
        <translation>%1 处的受保护资源元数据属于 %2，而不是 %3；Valis 不会发送针对其他服务器的登录凭据</translation>
    </message>
    <message>
        <source>the protected-resource metadata at %1 names no authorization server</source>
        <translation>%1 处的受保护资源元数据没有指定授权服务器</translation>
    </message>
    <message>
        <source>authorization server: %1</source>
        <translation>授权服务器：%1</translation>
    </message>
    <message>
        <source>no authorization-server metadata: using the default endpoints /authorize, /token, /register</source>
        <translation>没有授权服务器元数据：使用默认端点 /authorize、/token、/register</translation>
    </message>
    <message>
        <source>the authorization server %1 publishes no metadata Valis can read (%2)</source>
        <translation>授权服务器 %1 没有发布 Valis 能读取的元数据（%2）</translation>
    </message>
    <message>
        <source>the metadata at %1 names issuer %2, not %3: refused (RFC 8414 §3.3)</source>
        <translation>%1 处的元数据指定的颁发者是 %2，而不是 %3：已拒绝（RFC 8414 §3.3）</translation>
    </message>
    <message>
        <source>the authorization server %1 does not say it supports PKCE with S256 (code_challenge_methods_supported), which MCP requires; Valis will not sign in there. Ask the server&apos;s operator to enable PKCE.</source>
        <translation>授权服务器 %1 未声明支持 S256 方式的 PKCE（code_challenge_methods_supported），而 MCP 要求支持；Valis 不会在该处登录。请联系服务器的运营方启用 PKCE。</translation>
    </message>
    <message>
        <source>identifying Valis by its client metadata document</source>
        <translation>正在通过客户端元数据文档标识 Valis</translation>
    </message>
    <message>
        <source>the authorization server %1 lets no client register itself (no registration_endpoint, no client metadata documents): register Valis there by hand and put its client id (and secret) in this server&apos;s &quot;oauth&quot; settings in config/mcp.json</source>
        <translation>授权服务器 %1 不允许客户端自行注册（没有 registration_endpoint，也不支持客户端元数据文档）：请在该处手动注册 Valis，并将其客户端 ID（及密钥）填入 config/mcp.json 中此服务器的 &quot;oauth&quot; 设置</translation>
    </message>
    <message>
        <source>registering Valis with %1</source>
        <translation>正在向 %1 注册 Valis</translation>
    </message>
    <message>
        <source>registering Valis at %1 failed: %2</source>
        <translation>在 %1 注册 Valis 失败：%2</translation>
    </message>
    <message>
        <source>the answer holds no client_id</source>
        <translation>应答中没有 client_id</translation>
    </message>
    <message>
        <source>the registration is not kept for next time: %1</source>
        <translation>此次注册不会保存供下次使用：%1</translation>
    </message>
    <message>
        <source>The sign-in did not succeed (%1). You can close this window.</source>
        <translation>登录未成功（%1）。你可以关闭此窗口了。</translation>
    </message>
    <message>
        <source>This sign-in answer does not belong to the sign-in Valis started. You can close this window.</source>
        <translation>此登录应答不属于 Valis 发起的登录。你可以关闭此窗口了。</translation>
    </message>
    <message>
        <source>the authorization server refused the sign-in: %1%2</source>
        <translation>授权服务器拒绝了登录：%1%2</translation>
    </message>
    <message>
        <source>the browser came back with a sign-in answer that does not belong to this sign-in (state mismatch); it was ignored. Try signing in again.</source>
        <translation>浏览器返回的登录应答不属于本次登录（state 不匹配），已忽略。请重新登录。</translation>
    </message>
    <message>
        <source>the browser came back without an authorization code</source>
        <translation>浏览器返回时没有授权码</translation>
    </message>
    <message>
        <source>the sign-in for %1 was not completed within %2 minutes; start it again when you are ready</source>
        <translation>%1 的登录未在 %2 分钟内完成；准备好后请重新开始</translation>
    </message>
    <message>
        <source>signing in at %1</source>
        <translation>正在 %1 登录</translation>
    </message>
    <message>
        <source>no browser could be opened to sign in to %1</source>
        <translation>无法打开浏览器来登录 %1</translation>
    </message>
    <message>
        <source>no browser opened: open the sign-in address by hand</source>
        <translation>未打开浏览器：请手动打开登录地址</translation>
    </message>
    <message>
        <source>signed in</source>
        <translation>已登录</translation>
    </message>
    <message>
        <source>the authorization server no longer knows this client: registering again</source>
        <translation>授权服务器已不再识别此客户端：正在重新注册</translation>
    </message>
    <message>
        <source>Exchanging the authorization code</source>
        <translation>兑换授权码</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>未及时应答</translation>
    </message>
    <message>
        <source>cannot listen on 127.0.0.1 for the sign-in&apos;s redirect: %1</source>
        <translation>无法在 127.0.0.1 上监听登录的重定向：%1</translation>
    </message>
    <message>
        <source>Nothing here.</source>
        <translation>这里什么都没有。</translation>
    </message>
    <message>
        <source>Valis has what it needs. You can close this window.</source>
        <translation>Valis 已获得所需信息。你可以关闭此窗口了。</translation>
    </message>
    <message>
        <source>the authorization server&apos;s metadata at %1 names no usable authorization_endpoint and token_endpoint</source>
        <translation>%1 处的授权服务器元数据没有指定可用的 authorization_endpoint 和 token_endpoint</translation>
    </message>
    <message>
        <source>the keychain holds this authorization server&apos;s sign-in in a newer Valis&apos;s format; it was kept, and this sign-in lasts until Valis quits</source>
        <translation>钥匙串中保存的此授权服务器登录信息采用较新版本 Valis 的格式；该信息已保留，本次登录在 Valis 退出前有效</translation>
    </message>
</context>
<context>
    <name>valis::McpSchema</name>
    <message>
        <source>no value is allowed here</source>
        <translation>此处不允许任何值</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>应为 %1，实为 %2</translation>
    </message>
    <message>
        <source>not one of the allowed values</source>
        <translation>不是允许的值之一</translation>
    </message>
    <message>
        <source>not the required constant</source>
        <translation>不是要求的常量</translation>
    </message>
    <message>
        <source>matches none of the allowed shapes</source>
        <translation>不符合任何允许的结构</translation>
    </message>
    <message>
        <source>matches more than one of the shapes oneOf allows</source>
        <translation>符合 oneOf 所允许结构中的多个</translation>
    </message>
    <message>
        <source>matches a shape that is not allowed</source>
        <translation>符合一个不允许的结构</translation>
    </message>
    <message>
        <source>below the minimum %1</source>
        <translation>低于最小值 %1</translation>
    </message>
    <message>
        <source>above the maximum %1</source>
        <translation>高于最大值 %1</translation>
    </message>
    <message>
        <source>not above %1</source>
        <translation>不大于 %1</translation>
    </message>
    <message>
        <source>not below %1</source>
        <translation>不小于 %1</translation>
    </message>
    <message>
        <source>not a multiple of %1</source>
        <translation>不是 %1 的倍数</translation>
    </message>
    <message>
        <source>shorter than %1 characters</source>
        <translation>短于 %1 个字符</translation>
    </message>
    <message>
        <source>longer than %1 characters</source>
        <translation>长于 %1 个字符</translation>
    </message>
    <message>
        <source>does not match the pattern %1</source>
        <translation>不匹配模式 %1</translation>
    </message>
    <message>
        <source>fewer than %1 items</source>
        <translation>少于 %1 项</translation>
    </message>
    <message>
        <source>more than %1 items</source>
        <translation>多于 %1 项</translation>
    </message>
    <message>
        <source>items are not unique</source>
        <translation>各项不唯一</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is missing</source>
        <translation>缺少 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>is not an allowed property</source>
        <translation>不是允许的属性</translation>
    </message>
    <message>
        <source>its input schema is not a JSON object</source>
        <translation>其输入架构不是 JSON 对象</translation>
    </message>
    <message>
        <source>its input schema is of type %1; model APIs take only objects</source>
        <translation>其输入架构的类型为 %1；模型 API 只接受对象</translation>
    </message>
    <message>
        <source>its input schema has &quot;%1&quot; at the top level, which model APIs refuse</source>
        <translation>其输入架构在顶层含有 &quot;%1&quot;，模型 API 不接受这种写法</translation>
    </message>
    <message>
        <source>its input schema&apos;s &quot;properties&quot; is not an object</source>
        <translation>其输入架构的 &quot;properties&quot; 不是对象</translation>
    </message>
</context>
<context>
    <name>valis::McpSchemaForm</name>
    <message>
        <source>an e-mail address</source>
        <translation>一个电子邮件地址</translation>
    </message>
    <message>
        <source>an address (URI)</source>
        <translation>一个地址（URI）</translation>
    </message>
    <message>
        <source>a date (YYYY-MM-DD)</source>
        <translation>一个日期（YYYY-MM-DD）</translation>
    </message>
    <message>
        <source>a date and time (YYYY-MM-DDThh:mm:ssZ)</source>
        <translation>一个日期和时间（YYYY-MM-DDThh:mm:ssZ）</translation>
    </message>
    <message>
        <source>%1 *</source>
        <translation>%1 *</translation>
    </message>
    <message>
        <source>(nothing to fill in)</source>
        <translation>（无需填写）</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>一个整数</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>一个数字</translation>
    </message>
    <message>
        <source>at least %1</source>
        <translation>至少 %1</translation>
    </message>
    <message>
        <source>at most %1</source>
        <translation>最多 %1</translation>
    </message>
    <message numerus="yes">
        <source>at least %n characters</source>
        <translation>
            <numerusform>至少 %n 个字符</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at most %n characters</source>
        <translation>
            <numerusform>最多 %n 个字符</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is required.</source>
        <translation>%1 为必填项。</translation>
    </message>
    <message>
        <source>%1 must be a whole number.</source>
        <translation>%1 必须是整数。</translation>
    </message>
    <message>
        <source>%1 must be a number.</source>
        <translation>%1 必须是数字。</translation>
    </message>
    <message>
        <source>%1 must be at least %2.</source>
        <translation>%1 必须至少为 %2。</translation>
    </message>
    <message>
        <source>%1 must be at most %2.</source>
        <translation>%1 最多为 %2。</translation>
    </message>
    <message numerus="yes">
        <source>%1 needs at least %n characters.</source>
        <translation>
            <numerusform>%1 至少需要 %n 个字符。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 takes at most %n characters.</source>
        <translation>
            <numerusform>%1 最多 %n 个字符。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 must be %2.</source>
        <translation>%1 必须是%2。</translation>
    </message>
    <message numerus="yes">
        <source>Choose at least %n for %1.</source>
        <translation>
            <numerusform>请为 %1 至少选择 %n 项。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Choose at most %n for %1.</source>
        <translation>
            <numerusform>请为 %1 最多选择 %n 项。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>valis::McpServerConnection</name>
    <message>
        <source>the server refused the bearer token from %1</source>
        <translation>服务器拒绝了来自 %1 的 Bearer 令牌</translation>
    </message>
    <message numerus="yes">
        <source>the server did not get ready within %n second(s) (start, authorisation, initialize and the first tools/list); raise its startupTimeoutSec if it is just slow</source>
        <translation>
            <numerusform>服务器未在 %n 秒内就绪（启动、授权、initialize 和首次 tools/list）；如果它只是较慢，请调高其 startupTimeoutSec</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>正在启动</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>restarting</source>
        <translation>正在重启</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>已禁用</translation>
    </message>
    <message>
        <source>starting %1 (found on %2)</source>
        <translation>正在启动 %1（查找位置：%2）</translation>
    </message>
    <message>
        <source>connecting to %1</source>
        <translation>正在连接 %1</translation>
    </message>
    <message>
        <source>connected: %1 %2, MCP %3</source>
        <translation>已连接：%1 %2，MCP %3</translation>
    </message>
    <message>
        <source>logging/setLevel failed: %1</source>
        <translation>logging/setLevel 失败：%1</translation>
    </message>
    <message>
        <source>tools/list failed: %1</source>
        <translation>tools/list 失败：%1</translation>
    </message>
    <message>
        <source>skipped a tool without a name</source>
        <translation>跳过了一个没有名称的工具</translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s) offered</source>
        <translation>
            <numerusform>提供了 %n 个工具</numerusform>
        </translation>
    </message>
    <message>
        <source>The server&apos;s last log lines:</source>
        <translation>服务器最后的日志行：</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>not restarting: it failed %n time(s) in a row</source>
        <translation>
            <numerusform>不再重启：已连续失败 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>restarting in %n second(s)</source>
        <translation>
            <numerusform>%n 秒后重启</numerusform>
        </translation>
    </message>
    <message>
        <source>restart asked for</source>
        <translation>已请求重启</translation>
    </message>
</context>
<context>
    <name>valis::McpServerDetails</name>
    <message>
        <source>&amp;Reconnect</source>
        <translation>重新连接(&amp;R)</translation>
    </message>
    <message>
        <source>A&amp;uthorise…</source>
        <translation>授权(&amp;U)…</translation>
    </message>
    <message>
        <source>Sign in to this server in your browser (OAuth)</source>
        <translation>在浏览器中登录此服务器（OAuth）</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>退出登录(&amp;O)</translation>
    </message>
    <message>
        <source>Forget the tokens Valis keeps for this server</source>
        <translation>忘记 Valis 为此服务器保存的令牌</translation>
    </message>
    <message>
        <source>Tool (offered to the model)</source>
        <translation>工具（提供给模型）</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>日志(&amp;L)</translation>
    </message>
    <message>
        <source>Reconnecting to %1…</source>
        <translation>正在重新连接 %1…</translation>
    </message>
    <message>
        <source>Signing in to %1: finish in your browser…</source>
        <translation>正在登录 %1：请在浏览器中完成…</translation>
    </message>
    <message>
        <source>Signed in to %1.</source>
        <translation>已登录 %1。</translation>
    </message>
    <message>
        <source>Signing in to %1 failed: %2</source>
        <translation>登录 %1 失败：%2</translation>
    </message>
    <message>
        <source>Signed out of %1.</source>
        <translation>已退出 %1。</translation>
    </message>
    <message>
        <source>Signing out of %1 failed: %2</source>
        <translation>退出 %1 失败：%2</translation>
    </message>
    <message>
        <source>The MCP plugin is not running: no server is started (see Settings &gt; Plugins).</source>
        <translation>MCP 插件未运行：不会启动任何服务器（参见 设置 &gt; 插件）。</translation>
    </message>
    <message>
        <source>Not started yet: Apply to start it.</source>
        <translation>尚未启动：点击“应用”以启动。</translation>
    </message>
    <message>
        <source>Disabled.</source>
        <translation>已禁用。</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message numerus="yes">
        <source> (restarted %n times)</source>
        <translation>
            <numerusform>（已重启 %n 次）</numerusform>
        </translation>
    </message>
    <message>
        <source>Server: %1 %2, protocol %3</source>
        <translation>服务器：%1 %2，协议 %3</translation>
    </message>
    <message>
        <source>Runs: %1</source>
        <translation>运行：%1</translation>
    </message>
    <message>
        <source>Command found: %1</source>
        <translation>找到命令：%1</translation>
    </message>
    <message>
        <source>Sent to the model as %1</source>
        <translation>以 %1 的名称发送给模型</translation>
    </message>
    <message>
        <source>Set aside: %1</source>
        <translation>已搁置：%1</translation>
    </message>
    <message>
        <source>No tools listed (yet).</source>
        <translation>（尚）未列出任何工具。</translation>
    </message>
    <message>
        <source>%1 of %2 tools offered: about %3 tokens of every request (counted for %4).</source>
        <translation>已提供 %2 个工具中的 %1 个：每次请求约占 %3 个 token（按 %4 计算）。</translation>
    </message>
    <message>
        <source>the default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>Not sent to the model now. %1</source>
        <translation>当前不会发送给模型。%1</translation>
    </message>
    <message>
        <source>Server error</source>
        <translation>服务器错误</translation>
    </message>
    <message>
        <source>Server tools</source>
        <translation>服务器工具</translation>
    </message>
    <message>
        <source>Server log</source>
        <translation>服务器日志</translation>
    </message>
</context>
<context>
    <name>valis::McpServerEditor</name>
    <message>
        <source>%1, line %2: write %3</source>
        <translation>%1，第 %2 行：请写成 %3</translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <translation>添加 MCP 服务器</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP 服务器 %1</translation>
    </message>
    <message>
        <source>letters, digits, - and _</source>
        <translation>字母、数字、- 和 _</translation>
    </message>
    <message>
        <source>A program on this computer (stdio)</source>
        <translation>本机上的程序（stdio）</translation>
    </message>
    <message>
        <source>A server at an address (Streamable HTTP)</source>
        <translation>位于某个地址的服务器（Streamable HTTP）</translation>
    </message>
    <message>
        <source>npx, node, uvx, /path/to/server</source>
        <translation>npx、node、uvx、/path/to/server</translation>
    </message>
    <message>
        <source>one argument per line</source>
        <translation>每行一个参数</translation>
    </message>
    <message>
        <source>NAME=value per line; ${VAR} takes Valis&apos;s variable</source>
        <translation>每行一个 NAME=value；${VAR} 取 Valis 的环境变量</translation>
    </message>
    <message>
        <source>the folder it runs in (optional)</source>
        <translation>它运行所在的文件夹（可选）</translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation>命令(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>参数(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>环境变量(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>Name: value per line; ${VAR} takes Valis&apos;s variable</source>
        <translation>每行一个 Name: value；${VAR} 取 Valis 的环境变量</translation>
    </message>
    <message>
        <source>an environment variable holding a token (optional)</source>
        <translation>保存令牌的环境变量（可选）</translation>
    </message>
    <message>
        <source>a registered OAuth client (optional)</source>
        <translation>已注册的 OAuth 客户端（可选）</translation>
    </message>
    <message>
        <source>scopes to ask for, when the server names none</source>
        <translation>服务器未指定时要申请的范围</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Headers:</source>
        <translation>请求头(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Bearer token variable:</source>
        <translation>Bearer 令牌变量(&amp;B)：</translation>
    </message>
    <message>
        <source>OAuth &amp;client id:</source>
        <translation>OAuth 客户端 ID(&amp;C)：</translation>
    </message>
    <message>
        <source>OAuth &amp;scopes:</source>
        <translation>OAuth 范围(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Enabled</source>
        <translation>启用(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Trusted: believe what it says of its tools (read-only, destructive)</source>
        <translation>受信任(&amp;T)：相信它对其工具的说明（只读、破坏性）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&amp;Start-up timeout:</source>
        <translation>启动超时(&amp;S)：</translation>
    </message>
    <message>
        <source>Tool &amp;call timeout:</source>
        <translation>工具调用超时(&amp;C)：</translation>
    </message>
    <message>
        <source>Only these tools:</source>
        <translation>仅这些工具：</translation>
    </message>
    <message>
        <source>Never these tools:</source>
        <translation>从不使用这些工具：</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>类型(&amp;K)：</translation>
    </message>
    <message>
        <source>The name may hold letters, digits, - and _ (at most 64).</source>
        <translation>名称只能包含字母、数字、- 和 _（最多 64 个）。</translation>
    </message>
    <message>
        <source>There is a server named %1 already.</source>
        <translation>已存在名为 %1 的服务器。</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>this server</source>
        <translation>此服务器</translation>
    </message>
</context>
<context>
    <name>valis::McpServersPage</name>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>Nothing on this page will be saved until this is fixed: %1</source>
        <translation>在修复此问题之前，此页面上的任何内容都不会保存：%1</translation>
    </message>
    <message>
        <source>The MCP plugin is not running: servers can be set up, and start once it runs.</source>
        <translation>MCP 插件未运行：可以设置服务器，插件运行后它们就会启动。</translation>
    </message>
    <message>
        <source>The plugins are still starting; open Settings again in a moment to see the servers&apos; state.</source>
        <translation>插件仍在启动；稍后再次打开设置即可查看服务器状态。</translation>
    </message>
    <message>
        <source>Tick a server to enable it</source>
        <translation>勾选服务器以启用它</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>添加(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑(&amp;E)…</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>移除(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>From a file (claude_desktop_config.json, .mcp.json, config.toml)…</source>
        <translation>从文件导入（claude_desktop_config.json、.mcp.json、config.toml）…</translation>
    </message>
    <message>
        <source>From Codex (%1)</source>
        <translation>从 Codex 导入（%1）</translation>
    </message>
    <message>
        <source>From Claude Desktop (%1)</source>
        <translation>从 Claude Desktop 导入（%1）</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>未启动</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — %2, %3 tokens</source>
        <translation>%1 — %2，%3 个 token</translation>
    </message>
    <message>
        <source>%1 is removed when you apply.</source>
        <translation>应用后将移除 %1。</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <translation>导入 MCP 服务器</translation>
    </message>
    <message>
        <source>MCP configurations (*.json *.toml)</source>
        <translation>MCP 配置（*.json *.toml）</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件（*）</translation>
    </message>
    <message>
        <source>Nothing imported: %1</source>
        <translation>未导入任何内容：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Import a project&apos;s MCP servers?</source>
        <translation>导入某个项目的 MCP 服务器？</translation>
    </message>
    <message>
        <source>%1 comes with a project and can start any program on this computer. Import these servers?</source>
        <translation>%1 随项目提供，可以启动本机上的任何程序。要导入这些服务器吗？</translation>
    </message>
    <message>
        <source>(it lists no servers)</source>
        <translation>（其中没有列出服务器）</translation>
    </message>
    <message>
        <source>Nothing imported from %1.</source>
        <translation>未从 %1 导入任何内容。</translation>
    </message>
    <message>
        <source>Nothing new in %1.</source>
        <translation>%1 中没有新内容。</translation>
    </message>
    <message>
        <source>Imported from %1: %2 (saved when you apply).</source>
        <translation>已从 %1 导入：%2（应用后保存）。</translation>
    </message>
    <message>
        <source>Kept the servers already here: %1.</source>
        <translation>保留了已有的服务器：%1。</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>未导入：%1</translation>
    </message>
    <message>
        <source>not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
</context>
<context>
    <name>valis::McpSettings</name>
    <message>
        <source>&quot;%1&quot; must be a list of strings</source>
        <translation>&quot;%1&quot; 必须是字符串列表</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object of strings</source>
        <translation>&quot;%1&quot; 必须是值为字符串的对象</translation>
    </message>
    <message>
        <source>&quot;%1.%2&quot; must be a string</source>
        <translation>&quot;%1.%2&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a number of seconds above 0</source>
        <translation>&quot;%1&quot; 必须是大于 0 的秒数</translation>
    </message>
    <message>
        <source>the server name &quot;%1&quot; may hold only letters, digits, &apos;-&apos; and &apos;_&apos; (at most 64)</source>
        <translation>服务器名称“%1”只能包含字母、数字、“-”和“_”（最多 64 个）</translation>
    </message>
    <message>
        <source>&quot;type&quot; must be &quot;stdio&quot; or &quot;http&quot;, not &quot;%1&quot;</source>
        <translation>&quot;type&quot; 必须是 &quot;stdio&quot; 或 &quot;http&quot;，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>an http server needs a &quot;url&quot;</source>
        <translation>http 服务器需要 &quot;url&quot;</translation>
    </message>
    <message>
        <source>a stdio server needs a &quot;command&quot;</source>
        <translation>stdio 服务器需要 &quot;command&quot;</translation>
    </message>
    <message>
        <source>the environment variable %1 is not set (write ${%1:-default} for a default)</source>
        <translation>环境变量 %1 未设置（如需默认值，请写成 ${%1:-default}）</translation>
    </message>
    <message>
        <source>&quot;mcpServers&quot; must be an object of servers by name</source>
        <translation>&quot;mcpServers&quot; 必须是以名称为键的服务器对象</translation>
    </message>
    <message>
        <source>a server must be an object</source>
        <translation>服务器必须是对象</translation>
    </message>
    <message>
        <source>&quot;toolSearch.deferAbove&quot; must be a share of the window between 0 and 1</source>
        <translation>&quot;toolSearch.deferAbove&quot; 必须是 0 到 1 之间的窗口占比</translation>
    </message>
    <message>
        <source>cannot read it: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>not JSON: %1 at byte %2</source>
        <translation>不是 JSON：第 %2 字节处 %1</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>no &quot;mcpServers&quot; object in it</source>
        <translation>其中没有 &quot;mcpServers&quot; 对象</translation>
    </message>
</context>
<context>
    <name>valis::McpStatusButton</name>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>MCP %1/%2</source>
        <translation>MCP %1/%2</translation>
    </message>
    <message>
        <source>Click for Settings &gt; MCP servers.</source>
        <translation>点击打开 设置 &gt; MCP 服务器。</translation>
    </message>
    <message>
        <source>config/mcp.json: %1</source>
        <translation>config/mcp.json：%1</translation>
    </message>
</context>
<context>
    <name>valis::McpStdioTransport</name>
    <message>
        <source>could not start &quot;%1&quot;: %2</source>
        <translation>无法启动“%1”：%2</translation>
    </message>
    <message>
        <source>stdout, skipped (%1): %2</source>
        <translation>stdout，已跳过（%1）：%2</translation>
    </message>
</context>
<context>
    <name>valis::McpStoredTokenAuthorizer</name>
    <message>
        <source>the server refused the bearer token stored in the keychain (%1); store another with valis-cli keys set %1, or remove it to sign in with OAuth</source>
        <translation>服务器拒绝了钥匙串中保存的持有者令牌（%1）；请用 valis-cli keys set %1 保存另一个，或将其删除以通过 OAuth 登录</translation>
    </message>
</context>
<context>
    <name>valis::McpStreamableHttpServer</name>
    <message>
        <source>Method not allowed.</source>
        <translation>不允许使用该方法。</translation>
    </message>
    <message>
        <source>Forbidden: this Origin may not use the server.</source>
        <translation>禁止访问：此 Origin 不得使用该服务器。</translation>
    </message>
    <message>
        <source>Forbidden: this Host may not use the server.</source>
        <translation>禁止访问：此 Host 不得使用该服务器。</translation>
    </message>
    <message>
        <source>Unauthorized: a valid bearer token is required.</source>
        <translation>未授权：需要有效的 Bearer 令牌。</translation>
    </message>
    <message>
        <source>Bad Request: unsupported MCP-Protocol-Version %1 (supported: %2).</source>
        <translation>错误的请求：不支持的 MCP-Protocol-Version %1（支持：%2）。</translation>
    </message>
    <message>
        <source>Bad Request: the Mcp-Session-Id header is required.</source>
        <translation>错误的请求：需要 Mcp-Session-Id 请求头。</translation>
    </message>
    <message>
        <source>Session not found.</source>
        <translation>未找到会话。</translation>
    </message>
    <message>
        <source>Not Acceptable: the client must accept application/json and text/event-stream.</source>
        <translation>不可接受：客户端必须接受 application/json 和 text/event-stream。</translation>
    </message>
    <message>
        <source>Unsupported Media Type: the body must be application/json.</source>
        <translation>不支持的媒体类型：请求体必须是 application/json。</translation>
    </message>
    <message>
        <source>Parse error: %1</source>
        <translation>解析错误：%1</translation>
    </message>
    <message>
        <source>Invalid Request: %1</source>
        <translation>无效请求：%1</translation>
    </message>
    <message>
        <source>an empty batch</source>
        <translation>一个空批次</translation>
    </message>
    <message>
        <source>Invalid Request: initialize must be sent alone.</source>
        <translation>无效请求：initialize 必须单独发送。</translation>
    </message>
    <message>
        <source>Not Acceptable: the client must accept text/event-stream.</source>
        <translation>不可接受：客户端必须接受 text/event-stream。</translation>
    </message>
    <message>
        <source>Bad Request: Last-Event-ID names no stream of this session.</source>
        <translation>错误的请求：Last-Event-ID 未指向此会话的任何流。</translation>
    </message>
    <message>
        <source>Conflict: this session&apos;s GET stream is already open.</source>
        <translation>冲突：此会话的 GET 流已经打开。</translation>
    </message>
    <message>
        <source>The MCP server needs a bearer token: it does not serve without one.</source>
        <translation>MCP 服务器需要 Bearer 令牌：没有令牌时它不提供服务。</translation>
    </message>
</context>
<context>
    <name>valis::McpTools</name>
    <message>
        <source>the keychain is no longer available</source>
        <translation>钥匙串已不可用</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP 服务器 %1</translation>
    </message>
    <message>
        <source>Valis opens only http and https addresses</source>
        <translation>Valis 只打开 http 和 https 地址</translation>
    </message>
    <message>
        <source>The user declined the sampling request.</source>
        <translation>用户拒绝了采样请求。</translation>
    </message>
    <message>
        <source>The model could not answer: %1</source>
        <translation>模型无法回答：%1</translation>
    </message>
    <message>
        <source>The call that asked ended first.</source>
        <translation>发出询问的调用已先结束。</translation>
    </message>
    <message>
        <source>it runs only as an MCP task, which Valis does not run yet</source>
        <translation>它只能作为 MCP 任务运行，而 Valis 目前还不支持运行 MCP 任务</translation>
    </message>
    <message>
        <source>valis: set aside tool %1: %2</source>
        <translation>valis：已搁置工具 %1：%2</translation>
    </message>
    <message>
        <source>Search tools</source>
        <translation>搜索工具</translation>
    </message>
    <message>
        <source>Call tool</source>
        <translation>调用工具</translation>
    </message>
    <message>
        <source>List MCP resources</source>
        <translation>列出 MCP 资源</translation>
    </message>
    <message>
        <source>Read MCP resource</source>
        <translation>读取 MCP 资源</translation>
    </message>
    <message>
        <source>declined an elicitation/create outside a tool call: %1</source>
        <translation>已拒绝工具调用之外的 elicitation/create：%1</translation>
    </message>
    <message>
        <source>refused a sampling/createMessage outside a tool call</source>
        <translation>已拒绝工具调用之外的 sampling/createMessage</translation>
    </message>
    <message>
        <source>No Valis session is waiting on this server, so no one can allow the request.</source>
        <translation>没有 Valis 会话在等待此服务器，因此无人可以允许该请求。</translation>
    </message>
    <message>
        <source>valis: sign in at %1</source>
        <translation>valis：请在 %1 登录</translation>
    </message>
    <message>
        <source>there is no MCP server &quot;%1&quot;</source>
        <translation>没有 MCP 服务器“%1”</translation>
    </message>
    <message>
        <source>&quot;%1&quot; runs over stdio; only HTTP servers sign in</source>
        <translation>“%1”通过 stdio 运行；只有 HTTP 服务器需要登录</translation>
    </message>
    <message>
        <source>there is no HTTP MCP server &quot;%1&quot;</source>
        <translation>没有 HTTP MCP 服务器“%1”</translation>
    </message>
</context>
<context>
    <name>valis::McpUi</name>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>正在启动</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>restarting</source>
        <translation>正在重启</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>已禁用</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source> (%n tools)</source>
        <translation>
            <numerusform>（%n 个工具）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>valis::MemoryBrowserPane</name>
    <message>
        <source>now</source>
        <translation>刚刚</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>Search memory</source>
        <translation>搜索记忆</translation>
    </message>
    <message>
        <source>Any type</source>
        <translation>任意类型</translation>
    </message>
    <message>
        <source>/memories/ files</source>
        <translation>/memories/ 文件</translation>
    </message>
    <message>
        <source>Command output</source>
        <translation>命令输出</translation>
    </message>
    <message>
        <source>Tool results</source>
        <translation>工具结果</translation>
    </message>
    <message>
        <source>Moved out of the context</source>
        <translation>已移出上下文</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>笔记</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>偏好</translation>
    </message>
    <message>
        <source>File contents</source>
        <translation>文件内容</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>距今</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>加载更多</translation>
    </message>
    <message>
        <source>Read the next %1 lines</source>
        <translation>读取接下来的 %1 行</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>%1 · 1 record</source>
        <translation>%1 · 1 条记录</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n records</source>
        <translation>
            <numerusform>%1 · %n 条记录</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>%1 · %2 · lines 1–%3 of %4</source>
        <translation>%1 · %2 · 第 1–%3 行，共 %4 行</translation>
    </message>
    <message>
        <source>More (%1 left)</source>
        <translation>更多（还剩 %1）</translation>
    </message>
    <message>
        <source>Loading the whole file to edit it…</source>
        <translation>正在加载整个文件以便编辑…</translation>
    </message>
    <message>
        <source>Saving /memories/%1…</source>
        <translation>正在保存 /memories/%1…</translation>
    </message>
    <message>
        <source>Saved /memories/%1 as %2 (the earlier version is kept).</source>
        <translation>已将 /memories/%1 保存为 %2（保留了之前的版本）。</translation>
    </message>
    <message>
        <source>Deleted %1.</source>
        <translation>已删除 %1。</translation>
    </message>
    <message>
        <source>Memory: %1</source>
        <translation>记忆：%1</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>经验</translation>
    </message>
    <message>
        <source>References</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>Topics</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Recommendations</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <source>Written by %1 through Valis&apos;s MCP server</source>
        <translation>由 %1 通过 Valis 的 MCP 服务器写入</translation>
    </message>
    <message>
        <source>Written by %1 %2 through Valis&apos;s MCP server</source>
        <translation>由 %1 %2 通过 Valis 的 MCP 服务器写入</translation>
    </message>
    <message>
        <source> over %1</source>
        <translation>，经由 %1</translation>
    </message>
    <message>
        <source> (MCP session %1)</source>
        <translation>（MCP 会话 %1）</translation>
    </message>
    <message>
        <source> · source &quot;%1&quot;</source>
        <translation> · 来源“%1”</translation>
    </message>
    <message>
        <source>Written by anyone</source>
        <translation>任何来源写入</translation>
    </message>
    <message>
        <source>Written by other agents (MCP)</source>
        <translation>由其他智能体写入（MCP）</translation>
    </message>
    <message>
        <source>Written by Valis</source>
        <translation>由 Valis 写入</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Record type</source>
        <translation>记录类型</translation>
    </message>
    <message>
        <source>Written by</source>
        <translation>写入者</translation>
    </message>
    <message>
        <source>Memory records</source>
        <translation>记忆记录</translation>
    </message>
    <message>
        <source>Memory record</source>
        <translation>记忆记录内容</translation>
    </message>
</context>
<context>
    <name>valis::MemoryProcessingPane</name>
    <message>
        <source>AGENTS.md</source>
        <translation>AGENTS.md</translation>
    </message>
    <message>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>经验</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>global</source>
        <translation>全局</translation>
    </message>
    <message>
        <source>project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Lessons, references and topics are learned from sessions once they go quiet.</source>
        <translation>会话平静下来后，会从中学习经验、参考和主题。</translation>
    </message>
    <message>
        <source>Learn from sessions now</source>
        <translation>立即从会话中学习</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>提议</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>所学内容</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Uses</source>
        <translation>使用次数</translation>
    </message>
    <message>
        <source>Recommendations (nothing changes until you accept)</source>
        <translation>建议（在你接受之前不会有任何更改）</translation>
    </message>
    <message>
        <source>Learning from sessions…</source>
        <translation>正在从会话中学习…</translation>
    </message>
    <message>
        <source>%1 of %2 sessions</source>
        <translation>%1/%2 个会话</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n session(s); the rest is picked up next time.</source>
        <translation>
            <numerusform>处理 %n 个会话后已取消；其余会话将在下次继续处理。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Learned from %n session(s). Lessons: %1, references: %2, topics: %3, new recommendations: %4.</source>
        <translation>
            <numerusform>已从 %n 个会话中学习。经验：%1，参考：%2，主题：%3，新建议：%4。</numerusform>
        </translation>
    </message>
    <message>
        <source>Accepted: %1</source>
        <translation>已接受：%1</translation>
    </message>
    <message>
        <source>Rejected: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <source>Memory processing: %1</source>
        <translation>记忆处理：%1</translation>
    </message>
    <message>
        <source>Writes /memories/%1:</source>
        <translation>写入 /memories/%1：</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>依据：%1</translation>
    </message>
    <message>
        <source>Recommendations</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Recommendation details</source>
        <translation>建议详情</translation>
    </message>
    <message>
        <source>Learned memory</source>
        <translation>所学记忆</translation>
    </message>
</context>
<context>
    <name>valis::MemoryProcessor</name>
    <message>
        <source>Memory processing of session %1 through message %2</source>
        <translation>会话 %1 的记忆处理（截至消息 %2）</translation>
    </message>
    <message>
        <source>Recalled %1</source>
        <translation>已召回 %1</translation>
    </message>
    <message>
        <source>no session %1</source>
        <translation>没有会话 %1</translation>
    </message>
    <message>
        <source>session %1: only its first %2 parts were read by the summary model; the rest only extractively</source>
        <translation>会话 %1：摘要模型只读取了其前 %2 部分；其余部分仅以抽取方式处理</translation>
    </message>
    <message>
        <source>session %1: the summary model failed (%2); its extractive items were stored instead</source>
        <translation>会话 %1：摘要模型失败（%2）；改为存储其抽取式条目</translation>
    </message>
    <message>
        <source>session %1: %2; its extractive items were stored instead</source>
        <translation>会话 %1：%2；改为存储其抽取式条目</translation>
    </message>
    <message>
        <source>the model&apos;s answer holds no JSON object with topics, lessons and references</source>
        <translation>模型的回答中没有包含主题、经验和参考的 JSON 对象</translation>
    </message>
    <message>
        <source>%1 is no recommendation but a %2 record</source>
        <translation>%1 不是建议，而是一条 %2 记录</translation>
    </message>
    <message>
        <source>recommendation %1 was decided already</source>
        <translation>建议 %1 已经处理过了</translation>
    </message>
    <message>
        <source>Add to AGENTS.md: %1</source>
        <translation>添加到 AGENTS.md：%1</translation>
    </message>
    <message>
        <source>Write a skill: %1</source>
        <translation>编写技能：%1</translation>
    </message>
    <message>
        <source>Delete stale memory: %1</source>
        <translation>删除过时的记忆：%1</translation>
    </message>
    <message>
        <source>Neither seen again nor recalled since %1; its weight is down to %2.</source>
        <translation>自 %1 以来既未再次出现，也未被召回；其权重已降至 %2。</translation>
    </message>
    <message>
        <source>recommendation %1 proposes &quot;%2&quot;, which this Valis cannot carry out</source>
        <translation>建议 %1 提议“%2”，而此版本的 Valis 无法执行</translation>
    </message>
</context>
<context>
    <name>valis::MemorySettings</name>
    <message>
        <source>%1 must be a whole number, 0 or more</source>
        <translation>%1 必须是大于或等于 0 的整数</translation>
    </message>
    <message>
        <source>%1 must be a string</source>
        <translation>%1 必须是字符串</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a PostgreSQL address: %2</source>
        <translation>“%1”不是 PostgreSQL 地址：%2</translation>
    </message>
    <message>
        <source>it must start with postgresql:// or postgres://</source>
        <translation>它必须以 postgresql:// 或 postgres:// 开头</translation>
    </message>
    <message>
        <source>several hosts are not supported; name one</source>
        <translation>不支持多个主机；请只指定一个</translation>
    </message>
    <message>
        <source>the port is missing after &apos;:&apos;</source>
        <translation>“:”后面缺少端口</translation>
    </message>
    <message>
        <source>port must be a number from 1 to 65535</source>
        <translation>端口必须是 1 到 65535 之间的数字</translation>
    </message>
    <message>
        <source>it is not a valid URL (write special characters in the user name and password percent-encoded, such as %40 for &apos;@&apos;)</source>
        <translation>它不是有效的 URL（用户名和密码中的特殊字符请使用百分号编码，例如用 %40 表示“@”）</translation>
    </message>
    <message>
        <source>it must not have a #fragment</source>
        <translation>它不能包含 #片段</translation>
    </message>
    <message>
        <source>the database name must not contain &apos;/&apos;</source>
        <translation>数据库名称不能包含“/”</translation>
    </message>
    <message>
        <source>a query parameter has no name</source>
        <translation>某个查询参数没有名称</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a connection parameter name</source>
        <translation>“%1”不是连接参数名称</translation>
    </message>
    <message>
        <source>the value of %1 must not contain &apos;;&apos;</source>
        <translation>%1 的值不能包含“;”</translation>
    </message>
    <message>
        <source>the user name is empty</source>
        <translation>用户名为空</translation>
    </message>
    <message>
        <source>the database name is empty</source>
        <translation>数据库名称为空</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot;</source>
        <translation>未知设置“%1”</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot; (did you mean &quot;%2&quot;?)</source>
        <translation>未知设置“%1”（你是不是想用“%2”？）</translation>
    </message>
    <message>
        <source>backend must be &quot;sqlite&quot; or &quot;postgresql&quot;</source>
        <translation>backend 必须是 &quot;sqlite&quot; 或 &quot;postgresql&quot;</translation>
    </message>
    <message>
        <source>postgresql must be a string such as &quot;postgresql://valis@db.example:5432/valis&quot;</source>
        <translation>postgresql 必须是字符串，例如 &quot;postgresql://valis@db.example:5432/valis&quot;</translation>
    </message>
    <message>
        <source>backend &quot;postgresql&quot; needs &quot;postgresql&quot;: the server&apos;s address, such as &quot;postgresql://valis@db.example:5432/valis&quot;</source>
        <translation>backend &quot;postgresql&quot; 需要 &quot;postgresql&quot;：即服务器地址，例如 &quot;postgresql://valis@db.example:5432/valis&quot;</translation>
    </message>
    <message>
        <source>tools must be an object of tool names</source>
        <translation>tools 必须是以工具名称为键的对象</translation>
    </message>
    <message>
        <source>tools must be keyed by tool names, not &quot;&quot;</source>
        <translation>tools 的键必须是工具名称，而不是 &quot;&quot;</translation>
    </message>
    <message>
        <source>%1 must be an object such as {&quot;captureThresholdTokens&quot;: 2000}</source>
        <translation>%1 必须是对象，例如 {&quot;captureThresholdTokens&quot;: 2000}</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1.%2&quot;</source>
        <translation>未知设置“%1.%2”</translation>
    </message>
    <message>
        <source>summaryModel needs summaryProvider: the provider that serves it</source>
        <translation>summaryModel 需要 summaryProvider：即提供该模型的提供方</translation>
    </message>
    <message>
        <source>&quot;embeddings&quot; must be an object</source>
        <translation>&quot;embeddings&quot; 必须是对象</translation>
    </message>
</context>
<context>
    <name>valis::ModelCatalog</name>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>&quot;%1&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>&quot;%1.%2&quot; must be a price of 0 or more, or null for unknown</source>
        <translation>&quot;%1.%2&quot; 必须是大于或等于 0 的价格，未知时为 null</translation>
    </message>
    <message>
        <source>not valid JSON (%1 at column %2)</source>
        <translation>不是有效的 JSON（%1，位于第 %2 列）</translation>
    </message>
    <message>
        <source>a model catalogue must be a JSON object with a &quot;models&quot; array</source>
        <translation>模型目录必须是带有 &quot;models&quot; 数组的 JSON 对象</translation>
    </message>
    <message>
        <source>no &quot;formatVersion&quot;; reading it as version %1</source>
        <translation>没有 &quot;formatVersion&quot;；按版本 %1 读取</translation>
    </message>
    <message>
        <source>&quot;formatVersion&quot; must be a whole number</source>
        <translation>&quot;formatVersion&quot; 必须是整数</translation>
    </message>
    <message>
        <source>the file has format version %1, but this Valis reads version %2 at most; it is ignored and left as it is</source>
        <translation>该文件的格式版本为 %1，但此版本的 Valis 最多只能读取版本 %2；已忽略该文件并保持原样</translation>
    </message>
    <message>
        <source>a model catalogue must have a &quot;models&quot; array</source>
        <translation>模型目录必须有 &quot;models&quot; 数组</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; is ignored</source>
        <translation>已忽略未知键“%1”</translation>
    </message>
    <message>
        <source>each element of &quot;models&quot; must be an object; this one is skipped</source>
        <translation>&quot;models&quot; 的每个元素都必须是对象；已跳过此元素</translation>
    </message>
    <message>
        <source>the entry has no &quot;id&quot;</source>
        <translation>该条目没有 &quot;id&quot;</translation>
    </message>
    <message>
        <source>model &quot;%1&quot;: %2</source>
        <translation>模型“%1”：%2</translation>
    </message>
    <message>
        <source>&quot;contextWindow&quot; must be a whole number of tokens greater than 0</source>
        <translation>&quot;contextWindow&quot; 必须是大于 0 的整数 token 数</translation>
    </message>
    <message>
        <source>&quot;maxOutputTokens&quot; must be a whole number of tokens greater than 0</source>
        <translation>&quot;maxOutputTokens&quot; 必须是大于 0 的整数 token 数</translation>
    </message>
    <message>
        <source>&quot;maxOutputTokens&quot; (%1) is larger than &quot;contextWindow&quot; (%2)</source>
        <translation>&quot;maxOutputTokens&quot;（%1）大于 &quot;contextWindow&quot;（%2）</translation>
    </message>
    <message>
        <source>&quot;prices&quot; must be an object</source>
        <translation>&quot;prices&quot; 必须是对象</translation>
    </message>
    <message>
        <source>&quot;longContextPrices&quot; must be an object with &quot;aboveInputTokens&quot;</source>
        <translation>&quot;longContextPrices&quot; 必须是包含 &quot;aboveInputTokens&quot; 的对象</translation>
    </message>
    <message>
        <source>&quot;capabilities&quot; must be an object</source>
        <translation>&quot;capabilities&quot; 必须是对象</translation>
    </message>
    <message>
        <source>&quot;capabilities.%1&quot; must be true or false</source>
        <translation>&quot;capabilities.%1&quot; 必须是 true 或 false</translation>
    </message>
    <message>
        <source>&quot;aliases&quot; must be an array of names</source>
        <translation>&quot;aliases&quot; 必须是名称数组</translation>
    </message>
    <message>
        <source>model &quot;%1&quot;: unknown key &quot;%2&quot; is ignored</source>
        <translation>模型“%1”：已忽略未知键“%2”</translation>
    </message>
    <message>
        <source>cannot read the model catalogue: %1</source>
        <translation>无法读取模型目录：%1</translation>
    </message>
    <message>
        <source>model &quot;%1&quot; is listed twice; the second entry is skipped</source>
        <translation>模型“%1”被列出了两次；已跳过第二个条目</translation>
    </message>
    <message>
        <source>(the built-in entry is kept)</source>
        <translation>（保留内置条目）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is the id of %2, so it cannot be an alias of %3</source>
        <translation>“%1”是 %2 的 ID，因此不能作为 %3 的别名</translation>
    </message>
    <message>
        <source>the name &quot;%1&quot; is claimed by %2 and %3; %3 wins</source>
        <translation>名称“%1”同时被 %2 和 %3 使用；以 %3 为准</translation>
    </message>
    <message>
        <source>%1 is a model id</source>
        <translation>%1 是模型 ID</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is an alias of %2</source>
        <translation>“%1”是 %2 的别名</translation>
    </message>
    <message>
        <source>ignored letter case</source>
        <translation>忽略了大小写</translation>
    </message>
    <message>
        <source>&quot;%1&quot; was read as %2 (%3)</source>
        <translation>“%1”被解读为 %2（%3）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not in the model catalogue; using %2, the longest known name it starts with. Its limits and prices may differ.</source>
        <translation>“%1”不在模型目录中；改用 %2，即它开头所匹配的最长已知名称。其限制和价格可能有所不同。</translation>
    </message>
    <message>
        <source>your model catalogue override</source>
        <translation>你的模型目录覆盖文件</translation>
    </message>
    <message>
        <source>Valis does not know the model &quot;%1&quot;; it assumes a %2-token context window, %3 output tokens and unknown prices. Add the model to %4 to set its real limits.</source>
        <translation>Valis 不认识模型“%1”；假定其上下文窗口为 %2 个 token、输出上限为 %3 个 token，价格未知。请将该模型添加到 %4 中以设置其真实限制。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>wrote version dots as dashes</source>
        <translation>将版本号中的点写成了短横线</translation>
    </message>
    <message>
        <source>put the model family before its version</source>
        <translation>将模型系列放在版本号之前</translation>
    </message>
    <message>
        <source>removed &quot;-latest&quot;</source>
        <translation>移除了“-latest”</translation>
    </message>
    <message>
        <source>removed the date suffix &quot;%1&quot;</source>
        <translation>移除了日期后缀“%1”</translation>
    </message>
    <message>
        <source>removed the reasoning suffix &quot;%1&quot;</source>
        <translation>移除了推理后缀“%1”</translation>
    </message>
    <message>
        <source>ignored letter case and spaces</source>
        <translation>忽略了大小写和空格</translation>
    </message>
    <message>
        <source>removed the &quot;%1&quot; suffix</source>
        <translation>移除了“%1”后缀</translation>
    </message>
    <message>
        <source>removed the provider prefix &quot;%1&quot;</source>
        <translation>移除了提供方前缀“%1”</translation>
    </message>
    <message>
        <source>removed the Bedrock prefix &quot;%1&quot;</source>
        <translation>移除了 Bedrock 前缀“%1”</translation>
    </message>
    <message>
        <source>removed the Bedrock version &quot;%1&quot;</source>
        <translation>移除了 Bedrock 版本“%1”</translation>
    </message>
    <message>
        <source>read the Vertex version &quot;%1&quot; as a date</source>
        <translation>将 Vertex 版本“%1”解读为日期</translation>
    </message>
    <message>
        <source>removed the variant tag parts of &quot;:%1&quot;</source>
        <translation>移除了“:%1”中的变体标签部分</translation>
    </message>
    <message>
        <source>read the tag &quot;:%1&quot; as part of the name</source>
        <translation>将标签“:%1”解读为名称的一部分</translation>
    </message>
    <message>
        <source>dropped the tag &quot;:%1&quot;</source>
        <translation>丢弃了标签“:%1”</translation>
    </message>
</context>
<context>
    <name>valis::NotificationsPage</name>
    <message>
        <source>Notifications</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Notify me when a turn ends, an approval waits or a background job fails while the window is in the background</source>
        <translation>窗口位于后台时，在轮次结束、有待批准项或后台任务失败时通知我</translation>
    </message>
    <message>
        <source>Desktop notifications</source>
        <translation>桌面通知</translation>
    </message>
    <message>
        <source>While notifications are on, Valis also keeps an icon in the system tray.</source>
        <translation>通知开启时，Valis 还会在系统托盘中保留一个图标。</translation>
    </message>
    <message>
        <source>This desktop has no system tray: notifications go to its notification service.</source>
        <translation>此桌面没有系统托盘：通知将发送到其通知服务。</translation>
    </message>
</context>
<context>
    <name>valis::OpenAiApiServer</name>
    <message>
        <source>this conversation is answering another request; send the next one when it is done</source>
        <translation>此对话正在回答另一个请求；请在其完成后再发送下一个</translation>
    </message>
    <message>
        <source>&quot;messages&quot; must be a non-empty array</source>
        <translation>&quot;messages&quot; 必须是非空数组</translation>
    </message>
    <message>
        <source>only n = 1 is supported</source>
        <translation>仅支持 n = 1</translation>
    </message>
    <message>
        <source>every tool needs a function with a name</source>
        <translation>每个工具都需要一个带名称的 function</translation>
    </message>
    <message>
        <source>requests from this origin are not allowed</source>
        <translation>不允许来自此来源的请求</translation>
    </message>
    <message>
        <source>a valid bearer token is required (Authorization: Bearer valis-api-...)</source>
        <translation>需要有效的 Bearer 令牌（Authorization: Bearer valis-api-...）</translation>
    </message>
    <message>
        <source>the model &quot;%1&quot; does not exist</source>
        <translation>模型“%1”不存在</translation>
    </message>
    <message>
        <source>there is no %1 %2 here</source>
        <translation>此处没有 %1 %2</translation>
    </message>
    <message>
        <source>%1 takes POST</source>
        <translation>%1 只接受 POST</translation>
    </message>
    <message>
        <source>the request body is not a JSON object: %1</source>
        <translation>请求体不是 JSON 对象：%1</translation>
    </message>
    <message>
        <source>it is another JSON value</source>
        <translation>它是其他类型的 JSON 值</translation>
    </message>
    <message>
        <source>the model &quot;%1&quot; does not exist; GET /v1/models lists the profiles served</source>
        <translation>模型“%1”不存在；GET /v1/models 会列出所提供的配置档</translation>
    </message>
    <message>
        <source>previous_response_id is not supported: send the whole input (Valis keeps the context)</source>
        <translation>不支持 previous_response_id：请发送完整的输入（上下文由 Valis 保留）</translation>
    </message>
    <message>
        <source>&quot;input&quot; must be a string or a non-empty array of items</source>
        <translation>&quot;input&quot; 必须是字符串或由条目组成的非空数组</translation>
    </message>
    <message>
        <source>only function tools with a name are supported</source>
        <translation>仅支持带名称的 function 工具</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a number</source>
        <translation>“%1”必须是数字</translation>
    </message>
    <message>
        <source>&quot;stop&quot; must be a string or an array of strings</source>
        <translation>“stop”必须是字符串或字符串数组</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a positive number</source>
        <translation>“%1”必须是正数</translation>
    </message>
</context>
<context>
    <name>valis::OpenHandsImporter</name>
    <message>
        <source>event #%1 of the array is not a JSON object</source>
        <translation>数组中的第 %1 个事件不是 JSON 对象</translation>
    </message>
    <message>
        <source>event #%1 of the array has no integer &quot;id&quot;</source>
        <translation>数组中的第 %1 个事件没有整数 &quot;id&quot;</translation>
    </message>
    <message>
        <source>event %1: the id is used twice</source>
        <translation>事件 %1：该 ID 被使用了两次</translation>
    </message>
    <message>
        <source>event %1: %2</source>
        <translation>事件 %1：%2</translation>
    </message>
    <message>
        <source>an event has exactly one of &quot;action&quot; and &quot;observation&quot;</source>
        <translation>一个事件必须恰好包含 &quot;action&quot; 和 &quot;observation&quot; 中的一个</translation>
    </message>
    <message>
        <source>&quot;action&quot; is not a name</source>
        <translation>&quot;action&quot; 不是名称</translation>
    </message>
    <message>
        <source>&quot;observation&quot; is not a name</source>
        <translation>&quot;observation&quot; 不是名称</translation>
    </message>
    <message>
        <source>&quot;source&quot; is not a string</source>
        <translation>&quot;source&quot; 不是字符串</translation>
    </message>
    <message>
        <source>&quot;cause&quot; is not an event id</source>
        <translation>&quot;cause&quot; 不是事件 ID</translation>
    </message>
    <message>
        <source>&quot;timestamp&quot; is not an ISO 8601 time</source>
        <translation>&quot;timestamp&quot; 不是 ISO 8601 时间</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an object</source>
        <translation>&quot;%1&quot; 不是对象</translation>
    </message>
    <message>
        <source>&quot;tool_call_metadata.tool_call_id&quot; is not a string</source>
        <translation>&quot;tool_call_metadata.tool_call_id&quot; 不是字符串</translation>
    </message>
    <message>
        <source>OpenHands trajectory</source>
        <translation>OpenHands 轨迹</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>OpenHands timestamps carry no time zone; they were read as UTC.</source>
        <translation>OpenHands 时间戳不带时区；已按 UTC 读取。</translation>
    </message>
    <message numerus="yes">
        <source>Left out %n event(s) the model never saw: %1</source>
        <translation>
            <numerusform>略去了模型从未看到的 %n 个事件：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n observation(s) answer no tool call and were kept as system messages</source>
        <translation>
            <numerusform>有 %n 个观察结果不对应任何工具调用，已作为系统消息保留</numerusform>
        </translation>
    </message>
    <message>
        <source>the export&apos;s &quot;trajectory&quot; is not an array of events</source>
        <translation>导出文件的“trajectory”不是事件数组</translation>
    </message>
    <message>
        <source>the export holds no trajectory; OpenHands said: %1</source>
        <translation>导出文件不含轨迹；OpenHands 提示：%1</translation>
    </message>
    <message>
        <source>expected a JSON array of OpenHands events or {&quot;trajectory&quot;: [...]}</source>
        <translation>应为 OpenHands 事件的 JSON 数组或 {&quot;trajectory&quot;: [...]}</translation>
    </message>
</context>
<context>
    <name>valis::PageMessages</name>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>1 line</source>
        <translation>1 行</translation>
    </message>
    <message numerus="yes">
        <source>%n lines</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>Showing %1 of %2 characters (%3 in all).</source>
        <translation>显示了 %2 个字符中的 %1 个（共 %3）。</translation>
    </message>
    <message>
        <source>Error · %1</source>
        <translation>错误 · %1</translation>
    </message>
    <message>
        <source>Result · %1</source>
        <translation>结果 · %1</translation>
    </message>
    <message>
        <source> · 1 image</source>
        <translation> · 1 张图片</translation>
    </message>
    <message numerus="yes">
        <source> · %n images</source>
        <translation>
            <numerusform> · %n 张图片</numerusform>
        </translation>
    </message>
    <message>
        <source> · the model saw [MemoryRef: %1]</source>
        <translation> · 模型看到的是 [MemoryRef: %1]</translation>
    </message>
    <message>
        <source>Context %1 by %2</source>
        <translation>上下文：%1（策略 %2）</translation>
    </message>
    <message>
        <source>: %1 → %2 tokens (%3 saved)</source>
        <translation>：%1 → %2 个 token（节省 %3）</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>(summary)</source>
        <translation>（摘要）</translation>
    </message>
    <message>
        <source> (%1 → %2 tokens)</source>
        <translation> （%1 → %2 个 token）</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… 还有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>A compaction event that cannot be read: %1</source>
        <translation>无法读取的压缩事件：%1</translation>
    </message>
    <message>
        <source>(redacted thinking)</source>
        <translation>（已隐去的思考过程）</translation>
    </message>
    <message>
        <source>[image, %1]</source>
        <translation>[图片，%1]</translation>
    </message>
    <message>
        <source>From here on the model sees the history as: %1</source>
        <translation>从这里起，模型看到的历史形式为：%1</translation>
    </message>
    <message>
        <source>Worth checking</source>
        <translation>值得查看</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>经验</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考</translation>
    </message>
    <message numerus="yes">
        <source>Recalled: %n item(s) in %1 ms</source>
        <translation>
            <numerusform>已召回：%n 项，用时 %1 毫秒</numerusform>
        </translation>
    </message>
    <message>
        <source>found by %1</source>
        <translation>由 %1 找到</translation>
    </message>
    <message>
        <source>retrieval</source>
        <translation>检索</translation>
    </message>
    <message>
        <source>%1 score %2</source>
        <translation>%1 得分 %2</translation>
    </message>
    <message>
        <source>relevance %1</source>
        <translation>相关度 %1</translation>
    </message>
    <message>
        <source>%1 says: %2</source>
        <translation>%1 认为：%2</translation>
    </message>
    <message>
        <source>recalled late, for the previous turn</source>
        <translation>召回较迟，属于上一轮次</translation>
    </message>
    <message>
        <source>Recalled</source>
        <translation>已召回</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message numerus="yes">
        <source>%n tool call(s) made by this call</source>
        <translation>
            <numerusform>此调用发起的 %n 个工具调用</numerusform>
        </translation>
    </message>
    <message>
        <source>Background agents</source>
        <translation>后台智能体</translation>
    </message>
</context>
<context>
    <name>valis::PluginManager</name>
    <message>
        <source>cannot read the plugin crash-guard lock: %1</source>
        <translation>无法读取插件崩溃保护锁：%1</translation>
    </message>
    <message>
        <source>a plugin crash-guard lock was left over, but it names no plugin; it was removed</source>
        <translation>遗留了一个插件崩溃保护锁，但其中未指明任何插件；已将其删除</translation>
    </message>
    <message>
        <source>cannot write the plugin crash-guard lock: %1</source>
        <translation>无法写入插件崩溃保护锁：%1</translation>
    </message>
    <message>
        <source>has the id &apos;%1&apos; of another plugin in the same folder, %2</source>
        <translation>与同一文件夹中的另一个插件 %2 使用了相同的 ID“%1”</translation>
    </message>
    <message>
        <source>overridden by %1</source>
        <translation>被 %1 覆盖</translation>
    </message>
    <message>
        <source>overrides %1</source>
        <translation>覆盖了 %1</translation>
    </message>
    <message>
        <source>not loaded because Valis runs in safe mode</source>
        <translation>未加载，因为 Valis 以安全模式运行</translation>
    </message>
    <message>
        <source>disabled by the user</source>
        <translation>已被用户禁用</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, which is invalid</source>
        <translation>需要“%1”%2，但该要求无效</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, which was not found</source>
        <translation>需要“%1”%2，但未找到</translation>
    </message>
    <message>
        <source>optional dependency not used: %1</source>
        <translation>未使用的可选依赖：%1</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, but the installed &apos;%1&apos; is %3</source>
        <translation>需要“%1”%2，但已安装的“%1”为 %3</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, but the installed &apos;%1&apos; %3 is compatible with versions %4 to %3 only</source>
        <translation>需要“%1”%2，但已安装的“%1”%3 仅兼容 %4 至 %3 版本</translation>
    </message>
    <message>
        <source>circular dependency: %1</source>
        <translation>循环依赖：%1</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos;, which is disabled</source>
        <translation>需要“%1”，但它已被禁用</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos;, which failed</source>
        <translation>需要“%1”，但它启动失败</translation>
    </message>
    <message>
        <source>no plugin crashed in an earlier run</source>
        <translation>之前的运行中没有插件崩溃</translation>
    </message>
    <message>
        <source>cannot read the plugin settings: %1</source>
        <translation>无法读取插件设置：%1</translation>
    </message>
    <message>
        <source>the plugin settings are not valid JSON (%1 at offset %2); the file is kept and plugin changes are not saved until it is fixed</source>
        <translation>插件设置不是有效的 JSON（%1，位于偏移量 %2）；文件已保留，在修复之前不会保存插件的更改</translation>
    </message>
    <message>
        <source>the plugin settings need an object with &apos;version&apos; and &apos;plugins&apos;; the file is kept and plugin changes are not saved until it is fixed</source>
        <translation>插件设置需要一个包含 &apos;version&apos; 和 &apos;plugins&apos; 的对象；文件已保留，在修复之前不会保存插件的更改</translation>
    </message>
    <message>
        <source>the plugin settings were written by a newer Valis (format version %1, this one reads %2); the file is kept and plugin changes are not saved</source>
        <translation>插件设置由更新版本的 Valis 写入（格式版本 %1，此版本读取 %2）；文件已保留，不会保存插件的更改</translation>
    </message>
    <message>
        <source>cannot create the folder of the plugin settings</source>
        <translation>无法创建插件设置所在的文件夹</translation>
    </message>
    <message>
        <source>cannot write the plugin settings: %1</source>
        <translation>无法写入插件设置：%1</translation>
    </message>
    <message>
        <source>plugin &quot;%1&quot;: %2</source>
        <translation>插件“%1”：%2</translation>
    </message>
    <message>
        <source>plugin &quot;%1&quot; did not finish shutting down within %2 ms; Valis quit without waiting for it</source>
        <translation>插件“%1”未在 %2 毫秒内完成关闭；Valis 未等待它就退出了</translation>
    </message>
</context>
<context>
    <name>valis::PluginSpec</name>
    <message>
        <source>cannot be loaded: %1</source>
        <translation>无法加载：%1</translation>
    </message>
    <message>
        <source>its object (%1) does not implement %2</source>
        <translation>其对象（%1）未实现 %2</translation>
    </message>
    <message>
        <source>threw an exception: %1</source>
        <translation>抛出了异常：%1</translation>
    </message>
    <message>
        <source>threw an exception</source>
        <translation>抛出了异常</translation>
    </message>
    <message>
        <source>initialization failed: %1</source>
        <translation>初始化失败：%1</translation>
    </message>
    <message>
        <source>threw an exception while shutting down</source>
        <translation>关闭时抛出了异常</translation>
    </message>
    <message>
        <source>use lowercase letters, digits, &apos;.&apos;, &apos;-&apos; and &apos;_&apos;, starting with a letter or digit</source>
        <translation>请使用小写字母、数字、“.”、“-”和“_”，并以字母或数字开头</translation>
    </message>
    <message>
        <source>cannot be used as a plugin: %1</source>
        <translation>不能用作插件：%1</translation>
    </message>
    <message>
        <source>has no Valis metadata: its Q_PLUGIN_METADATA names no FILE, or the file was not a JSON object when the plugin was built</source>
        <translation>没有 Valis 元数据：其 Q_PLUGIN_METADATA 未指定 FILE，或在构建插件时该文件不是 JSON 对象</translation>
    </message>
    <message>
        <source>missing field &apos;%1&apos;</source>
        <translation>缺少字段“%1”</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a string</source>
        <translation>字段“%1”必须是字符串</translation>
    </message>
    <message>
        <source>invalid id &apos;%1&apos;: %2</source>
        <translation>无效的 ID“%1”：%2</translation>
    </message>
    <message>
        <source>unknown kind &apos;%1&apos; (known kinds: %2)</source>
        <translation>未知类型“%1”（已知类型：%2）</translation>
    </message>
    <message>
        <source>version &apos;%1&apos; is not of the form x.y.z</source>
        <translation>版本“%1”不符合 x.y.z 格式</translation>
    </message>
    <message>
        <source>compatVersion &apos;%1&apos; is not of the form x.y.z</source>
        <translation>compatVersion“%1”不符合 x.y.z 格式</translation>
    </message>
    <message>
        <source>compatVersion %1 is newer than version %2</source>
        <translation>compatVersion %1 比 version %2 更新</translation>
    </message>
    <message>
        <source>built for plugin API version %1, but this Valis provides plugin API version %2</source>
        <translation>为插件 API 版本 %1 构建，但此 Valis 提供的插件 API 版本为 %2</translation>
    </message>
    <message>
        <source>field &apos;apiVersion&apos; must be an integer</source>
        <translation>字段 &apos;apiVersion&apos; 必须是整数</translation>
    </message>
    <message>
        <source>declares interface &apos;%1&apos;, but a %2 plugin must declare %3</source>
        <translation>声明了接口“%1”，但 %2 插件必须声明 %3</translation>
    </message>
    <message>
        <source>field &apos;dependencies&apos; must be an array</source>
        <translation>字段 &apos;dependencies&apos; 必须是数组</translation>
    </message>
    <message>
        <source>must be an object {id, version, type}</source>
        <translation>必须是对象 {id, version, type}</translation>
    </message>
    <message>
        <source>missing field &apos;id&apos;</source>
        <translation>缺少字段 &apos;id&apos;</translation>
    </message>
    <message>
        <source>field &apos;id&apos; must be a string</source>
        <translation>字段 &apos;id&apos; 必须是字符串</translation>
    </message>
    <message>
        <source>missing field &apos;version&apos;</source>
        <translation>缺少字段 &apos;version&apos;</translation>
    </message>
    <message>
        <source>field &apos;version&apos; must be a string</source>
        <translation>字段 &apos;version&apos; 必须是字符串</translation>
    </message>
    <message>
        <source>a non-string value</source>
        <translation>非字符串值</translation>
    </message>
    <message>
        <source>type must be &apos;required&apos; or &apos;optional&apos;, not %1</source>
        <translation>type 必须是 &apos;required&apos; 或 &apos;optional&apos;，而不是 %1</translation>
    </message>
</context>
<context>
    <name>valis::PluginsPage</name>
    <message>
        <source>The plugins are still starting; open Settings again in a moment.</source>
        <translation>插件仍在启动；请稍后再打开设置。</translation>
    </message>
    <message>
        <source>Safe mode: no plugin was loaded. Changes here apply at the next start.</source>
        <translation>安全模式：未加载任何插件。此处的更改将在下次启动时生效。</translation>
    </message>
    <message>
        <source>Switching a plugin on or off takes effect when Valis starts again.</source>
        <translation>启用或停用插件将在 Valis 下次启动时生效。</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>插件</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>插件</translation>
    </message>
</context>
<context>
    <name>valis::PostgresDetailStore</name>
    <message>
        <source>cannot reach the PostgreSQL memory store %1: %2</source>
        <translation>无法连接 PostgreSQL 记忆存储 %1：%2</translation>
    </message>
    <message>
        <source>Qt&apos;s PostgreSQL driver (QPSQL) is not installed</source>
        <translation>未安装 Qt 的 PostgreSQL 驱动（QPSQL）</translation>
    </message>
    <message>
        <source>the PostgreSQL memory store refused a statement: %1</source>
        <translation>PostgreSQL 记忆存储拒绝了一条语句：%1</translation>
    </message>
    <message>
        <source>cannot %1 in the PostgreSQL memory store: %2</source>
        <translation>无法在 PostgreSQL 记忆存储中%1：%2</translation>
    </message>
    <message>
        <source>search memories</source>
        <translation>搜索记忆</translation>
    </message>
    <message>
        <source>read the word statistics</source>
        <translation>读取词语统计信息</translation>
    </message>
    <message>
        <source>cannot set up the PostgreSQL memory store (%1): %2</source>
        <translation>无法设置 PostgreSQL 记忆存储（%1）：%2</translation>
    </message>
    <message>
        <source>the memory database was set up by a newer Valis (schema version %1; this build knows up to %2). It was left untouched: update Valis to use it.</source>
        <translation>该记忆数据库由更新版本的 Valis 设置（架构版本 %1；此构建最多支持 %2）。它未被改动：请更新 Valis 后再使用。</translation>
    </message>
    <message>
        <source>cannot set up the PostgreSQL memory store: %1</source>
        <translation>无法设置 PostgreSQL 记忆存储：%1</translation>
    </message>
    <message>
        <source>read the common words</source>
        <translation>读取常用词</translation>
    </message>
    <message>
        <source>lock the common words</source>
        <translation>锁定常用词</translation>
    </message>
    <message>
        <source>promote common words</source>
        <translation>登记常用词</translation>
    </message>
    <message>
        <source>list the words of a memory</source>
        <translation>登记记忆中的词语</translation>
    </message>
    <message>
        <source>list the words of older memories</source>
        <translation>登记较早记忆中的词语</translation>
    </message>
    <message>
        <source>purge a memory</source>
        <translation>彻底清除记忆</translation>
    </message>
    <message>
        <source>recheck the words of purged memories</source>
        <translation>重新检查已删除记忆中的词语</translation>
    </message>
</context>
<context>
    <name>valis::ProgressiveStrategy</name>
    <message>
        <source>the progressive strategy&apos;s setting &quot;%1&quot; %2</source>
        <translation>渐进策略的设置“%1”%2</translation>
    </message>
    <message>
        <source>is not one it knows (see valis-cli context --settings)</source>
        <translation>不是它所认识的设置（参见 valis-cli context --settings）</translation>
    </message>
    <message>
        <source>must be a number from %1 to %2</source>
        <translation>必须是 %1 到 %2 之间的数字</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <source>must be below evictAt (%1), or eviction would run every turn</source>
        <translation>必须小于 evictAt（%1），否则每个轮次都会执行移出</translation>
    </message>
    <message>
        <source>must map tool names to lists of argument keys</source>
        <translation>必须将工具名称映射到参数键的列表</translation>
    </message>
</context>
<context>
    <name>valis::PromptComposerAssist</name>
    <message>
        <source>The stored prompts could not be read: %1</source>
        <translation>无法读取已存储的提示词：%1</translation>
    </message>
    <message>
        <source>Reading the prompt /%1…</source>
        <translation>正在读取提示词 /%1…</translation>
    </message>
    <message>
        <source>No stored prompt is called /%1, so nothing was sent. To send text that starts with /, begin it with //.</source>
        <translation>没有名为 /%1 的已存储提示词，因此未发送任何内容。要发送以 / 开头的文本，请以 // 开头。</translation>
    </message>
    <message>
        <source>/%1 was not sent: %2</source>
        <translation>/%1 未发送：%2</translation>
    </message>
    <message>
        <source>/%1</source>
        <translation>/%1</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>发送(&amp;S)</translation>
    </message>
</context>
<context>
    <name>valis::PromptStore</name>
    <message>
        <source>the prompt store failed: %1</source>
        <translation>提示词存储出错：%1</translation>
    </message>
    <message>
        <source>cannot open the prompt store: %1</source>
        <translation>无法打开提示词存储：%1</translation>
    </message>
    <message>
        <source>there is no prompt &quot;%1&quot;</source>
        <translation>没有提示词“%1”</translation>
    </message>
    <message>
        <source>the prompt &quot;%1&quot; was removed (version %2)</source>
        <translation>提示词“%1”已被移除（版本 %2）</translation>
    </message>
    <message>
        <source>the prompt &quot;%1&quot; has no version %2 (the newest is %3)</source>
        <translation>提示词“%1”没有版本 %2（最新版本为 %3）</translation>
    </message>
    <message>
        <source>the prompt &quot;%1&quot; needs a value for {{%2}}</source>
        <translation>提示词“%1”需要为 {{%2}} 提供值</translation>
    </message>
    <message>
        <source>the prompt includes itself: %1</source>
        <translation>提示词包含了自身：%1</translation>
    </message>
    <message>
        <source>includes nest deeper than %1 prompts: %2</source>
        <translation>包含的嵌套深度超过 %1 个提示词：%2</translation>
    </message>
    <message>
        <source>the prompt &quot;%1&quot; includes &quot;%2&quot;: %3</source>
        <translation>提示词“%1”包含“%2”：%3</translation>
    </message>
    <message>
        <source>the prompt would include itself: %1</source>
        <translation>提示词将会包含自身：%1</translation>
    </message>
    <message>
        <source>no file was given for the prompt store</source>
        <translation>未为提示词存储指定文件</translation>
    </message>
    <message>
        <source>cannot create the folder of the prompt store</source>
        <translation>无法创建提示词存储所在的文件夹</translation>
    </message>
    <message>
        <source>cannot switch the prompt store to write-ahead logging</source>
        <translation>无法将提示词存储切换为预写日志（WAL）模式</translation>
    </message>
    <message>
        <source>the prompt store was written by a newer Valis (schema %1; this one knows %2) and is left as it is</source>
        <translation>提示词存储由更新版本的 Valis 写入（架构 %1；此版本只支持 %2），已保持原样不动</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a prompt key: use lower-case letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;/&apos; (at most 128)</source>
        <translation>“%1”不是提示词键：请使用小写字母、数字、“-”、“_”和“/”（最多 128 个字符）</translation>
    </message>
    <message>
        <source>the prompt &quot;%1&quot; has no text</source>
        <translation>提示词“%1”没有文本</translation>
    </message>
    <message>
        <source>version %1 of the prompt &quot;%2&quot; is its removal</source>
        <translation>提示词“%2”的版本 %1 是其移除记录</translation>
    </message>
</context>
<context>
    <name>valis::ProviderSettings</name>
    <message>
        <source>the settings of provider &quot;%1&quot; must be an object</source>
        <translation>提供方“%1”的设置必须是对象</translation>
    </message>
    <message>
        <source>providers.%1.baseUrl must be a string</source>
        <translation>providers.%1.baseUrl 必须是字符串</translation>
    </message>
    <message>
        <source>providers.%1.idleTimeoutMs must be a positive number</source>
        <translation>providers.%1.idleTimeoutMs 必须是正数</translation>
    </message>
    <message>
        <source>providers.%1.options must be an object</source>
        <translation>providers.%1.options 必须是对象</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http or https address</source>
        <translation>“%1”不是 http 或 https 地址</translation>
    </message>
</context>
<context>
    <name>valis::ProvidersPage</name>
    <message>
        <source>config/providers.json could not be read, so nothing here will be saved until it is fixed: %1</source>
        <translation>无法读取 config/providers.json，因此在修复该文件之前，此处的内容都不会保存：%1</translation>
    </message>
    <message>
        <source>No provider plugin is running; see Plugins.</source>
        <translation>没有正在运行的提供方插件；请查看“插件”页。</translation>
    </message>
    <message>
        <source>The plugins are still starting; open Settings again in a moment.</source>
        <translation>插件仍在启动；请稍后再打开设置。</translation>
    </message>
    <message>
        <source>New sessions use:</source>
        <translation>新会话使用：</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Reading the keychain…</source>
        <translation>正在读取钥匙串…</translation>
    </message>
    <message>
        <source>Paste a key to store it in the keychain</source>
        <translation>粘贴密钥以将其存入钥匙串</translation>
    </message>
    <message>
        <source>Only if this server wants a key</source>
        <translation>仅当此服务器需要密钥时填写</translation>
    </message>
    <message>
        <source>Remove from keychain</source>
        <translation>从钥匙串中删除</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API 密钥：</translation>
    </message>
    <message>
        <source>Empty: %1</source>
        <translation>留空时使用：%1</translation>
    </message>
    <message>
        <source>Empty: %1. The variable %2 wins over this when it is set.</source>
        <translation>留空时使用：%1。设置了变量 %2 时，以该变量为准。</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>基础 URL：</translation>
    </message>
    <message>
        <source>Default model:</source>
        <translation>默认模型：</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Will be removed from the keychain when you apply.</source>
        <translation>应用后将从钥匙串中删除。</translation>
    </message>
    <message>
        <source>No keychain here; keys come from %1.</source>
        <translation>此处没有钥匙串；密钥来自 %1。</translation>
    </message>
    <message>
        <source>The keychain cannot be reached (%1); a key can still come from %2.</source>
        <translation>无法访问钥匙串（%1）；密钥仍可来自 %2。</translation>
    </message>
    <message>
        <source>In the keychain: %1</source>
        <translation>钥匙串中：%1</translation>
    </message>
    <message>
        <source>None stored.</source>
        <translation>未存储密钥。</translation>
    </message>
    <message>
        <source>None stored; %1 is used when set.</source>
        <translation>未存储密钥；如果设置了 %1，则使用它。</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation>✗ %1</translation>
    </message>
    <message numerus="yes">
        <source>✓ Connected: %n models</source>
        <translation>
            <numerusform>✓ 已连接：%n 个模型</numerusform>
        </translation>
    </message>
    <message>
        <source>the base URL of %1 must be an http:// or https:// address, not &quot;%2&quot;</source>
        <translation>%1 的基础 URL 必须是 http:// 或 https:// 地址，而不是“%2”</translation>
    </message>
    <message>
        <source>%1&apos;s key: %2</source>
        <translation>%1 的密钥：%2</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>提供方</translation>
    </message>
</context>
<context>
    <name>valis::RecallIndex</name>
    <message>
        <source>read a message for the recall index</source>
        <translation>为召回索引读取消息</translation>
    </message>
    <message>
        <source>update the recall index</source>
        <translation>更新召回索引</translation>
    </message>
    <message>
        <source>read the recall index state</source>
        <translation>读取召回索引状态</translation>
    </message>
    <message>
        <source>search the recall index</source>
        <translation>搜索召回索引</translation>
    </message>
</context>
<context>
    <name>valis::RecallPage</name>
    <message>
        <source>config/recall.json could not be read, so nothing here will be saved until it is fixed: %1</source>
        <translation>无法读取 config/recall.json，因此在修复该文件之前，此处的内容都不会保存：%1</translation>
    </message>
    <message>
        <source>Before each of your turns the agent is reminded of lessons, references and earlier conversations that look relevant. The turn never waits longer than the budget; what arrives later comes with the next turn.</source>
        <translation>在你的每个轮次开始前，智能体都会被提醒看起来相关的经验、参考和之前的对话。轮次的等待时间绝不会超过预算；之后才到达的内容会随下一轮次提供。</translation>
    </message>
    <message>
        <source>Remind the agent before each turn</source>
        <translation>在每个轮次前提醒智能体</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>Longest wait per turn:</source>
        <translation>每轮次最长等待：</translation>
    </message>
    <message>
        <source>Items at most:</source>
        <translation>最多条目数：</translation>
    </message>
    <message>
        <source>Without a filter model, a candidate is kept when its score reaches this share of the best candidate&apos;s</source>
        <translation>没有筛选模型时，候选项的得分达到最佳候选项得分的此比例即被保留</translation>
    </message>
    <message>
        <source>Score threshold:</source>
        <translation>得分阈值：</translation>
    </message>
    <message>
        <source>None (use the score threshold)</source>
        <translation>无（使用得分阈值）</translation>
    </message>
    <message>
        <source>Filter model&apos;s provider:</source>
        <translation>筛选模型的提供方：</translation>
    </message>
    <message>
        <source>a small, fast model, such as claude-haiku-4-5 or qwen3:4b</source>
        <translation>小而快的模型，例如 claude-haiku-4-5 或 qwen3:4b</translation>
    </message>
    <message>
        <source>Filter model:</source>
        <translation>筛选模型：</translation>
    </message>
    <message>
        <source>The recall filter needs both a provider and a model, or neither.</source>
        <translation>召回筛选需要同时指定提供方和模型，或两者都不指定。</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回</translation>
    </message>
</context>
<context>
    <name>valis::RecallSettings</name>
    <message>
        <source>%1 must be a whole number from %2 to %3</source>
        <translation>%1 必须是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>%1 must be a string</source>
        <translation>%1 必须是字符串</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot;</source>
        <translation>未知设置“%1”</translation>
    </message>
    <message>
        <source>enabled must be true or false</source>
        <translation>enabled 必须是 true 或 false</translation>
    </message>
    <message>
        <source>scoreThreshold must be a number from 0 to 1</source>
        <translation>scoreThreshold 必须是 0 到 1 之间的数</translation>
    </message>
    <message>
        <source>filterProvider and filterModel go together: name both or neither</source>
        <translation>filterProvider 和 filterModel 必须同时使用：要么都指定，要么都不指定</translation>
    </message>
</context>
<context>
    <name>valis::RecallStep</name>
    <message>
        <source>the recall filter&apos;s answer could not be read</source>
        <translation>无法读取召回筛选的回答</translation>
    </message>
    <message>
        <source>the recall filter failed (%1)</source>
        <translation>召回筛选失败（%1）</translation>
    </message>
</context>
<context>
    <name>valis::RemoteMachineController</name>
    <message>
        <source>Looking up the %1 key…</source>
        <translation>正在查找 %1 的密钥…</translation>
    </message>
    <message>
        <source>Attaching again to %1 machine %2…</source>
        <translation>正在重新连接 %1 机器 %2…</translation>
    </message>
    <message>
        <source>%1 · not reachable: %2</source>
        <translation>%1 · 无法访问：%2</translation>
    </message>
    <message>
        <source>Bringing files back from the machine…</source>
        <translation>正在从机器取回文件…</translation>
    </message>
    <message>
        <source>Cannot bring the files back: %1</source>
        <translation>无法取回文件：%1</translation>
    </message>
    <message>
        <source>Bringing files back from %1 machine %2…</source>
        <translation>正在从 %1 机器 %2 取回文件…</translation>
    </message>
    <message>
        <source>Bringing files back, then deleting %1 machine %2…</source>
        <translation>正在取回文件，随后删除 %1 机器 %2…</translation>
    </message>
    <message>
        <source>Could not bring the files back (%1); %2 machine %3 is kept: `valis-cli sandbox pull %4` tries again, `valis-cli sandbox cleanup` deletes it</source>
        <translation>无法取回文件（%1）；%2 机器 %3 被保留：`valis-cli sandbox pull %4` 可重试，`valis-cli sandbox cleanup` 可将其删除</translation>
    </message>
    <message>
        <source>%1 machine %2 is kept (reused or kept by config/sandboxes.json)</source>
        <translation>%1 机器 %2 被保留（复用的机器，或按 config/sandboxes.json 保留）</translation>
    </message>
    <message>
        <source>Could not delete %1 machine %2: %3; `valis-cli sandbox cleanup` tries again</source>
        <translation>无法删除 %1 机器 %2：%3；`valis-cli sandbox cleanup` 可重试</translation>
    </message>
    <message>
        <source>Deleted %1 machine %2</source>
        <translation>已删除 %1 机器 %2</translation>
    </message>
</context>
<context>
    <name>valis::RemoteMachineView</name>
    <message>
        <source>Bring files back</source>
        <translation>取回文件</translation>
    </message>
    <message>
        <source>Copy the files the agent changed on the remote machine into the local workspace; files you changed here meanwhile are kept, the machine&apos;s version saved beside them</source>
        <translation>将智能体在远程机器上更改的文件复制到本地工作区；你在此期间于本地更改的文件会保留，机器上的版本保存在其旁边</translation>
    </message>
    <message>
        <source>Files brought back</source>
        <translation>取回的文件</translation>
    </message>
</context>
<context>
    <name>valis::RemoteSandbox</name>
    <message>
        <source>the command was stopped before it started</source>
        <translation>该命令在启动前即被停止</translation>
    </message>
    <message>
        <source>the %1 machine %2 is %3, not running: start it again or let Valis create a new one</source>
        <translation>%1 机器 %2 处于 %3 状态，未在运行：请重新启动它，或让 Valis 新建一台</translation>
    </message>
    <message>
        <source>%1 runs commands on a machine of the session&apos;s own, and this session has none yet: start the session with this sandbox so Valis creates one</source>
        <translation>%1 在会话专属的机器上运行命令，而此会话还没有这样的机器：请使用此沙箱启动会话，以便 Valis 创建一台</translation>
    </message>
    <message>
        <source>%1 CPU</source>
        <translation>%1 个 CPU</translation>
    </message>
    <message>
        <source>%1 GB memory</source>
        <translation>%1 GB 内存</translation>
    </message>
    <message>
        <source>%1 GB disk</source>
        <translation>%1 GB 磁盘</translation>
    </message>
</context>
<context>
    <name>valis::RemoteSandboxSettings</name>
    <message>
        <source>%1.%2 %3</source>
        <translation>%1.%2 %3</translation>
    </message>
    <message>
        <source>must be a whole number from %1 to %2</source>
        <translation>必须是 %1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>必须是字符串</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <source>must be a list of names</source>
        <translation>必须是名称列表</translation>
    </message>
    <message>
        <source>must be an object of names and string values</source>
        <translation>必须是由名称和字符串值组成的对象</translation>
    </message>
    <message>
        <source>must be an object of names and string values (&quot;%1&quot; is not a string)</source>
        <translation>必须是由名称和字符串值组成的对象（“%1”不是字符串）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object</source>
        <translation>“%1”必须是对象</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1.%2&quot;</source>
        <translation>未知设置“%1.%2”</translation>
    </message>
    <message>
        <source>must not set %1: Valis sets it to the session&apos;s id</source>
        <translation>不得设置 %1：Valis 会将其设为会话的 ID</translation>
    </message>
</context>
<context>
    <name>valis::RemoteWorkspace</name>
    <message>
        <source>the setup script uses ${%1}, which setupVariables lists but this environment does not set</source>
        <translation>初始化脚本使用了 ${%1}，它列在 setupVariables 中，但当前环境未设置它</translation>
    </message>
    <message>
        <source>cannot list the workspace %1 on the machine: %2</source>
        <translation>无法列出机器上的工作区 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot read the setup script: %1</source>
        <translation>无法读取初始化脚本：%1</translation>
    </message>
    <message>
        <source>creating a %1 machine...</source>
        <translation>正在创建 %1 机器...</translation>
    </message>
    <message>
        <source>attaching to %1 machine %2...</source>
        <translation>正在连接到 %1 机器 %2...</translation>
    </message>
    <message>
        <source>%1 (and the machine could not be deleted: %2)</source>
        <translation>%1（且无法删除该机器：%2）</translation>
    </message>
    <message>
        <source>uploading the workspace to %1...</source>
        <translation>正在将工作区上传到 %1...</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>cannot upload %1: %2</source>
        <translation>无法上传 %1：%2</translation>
    </message>
    <message>
        <source>running the setup script...</source>
        <translation>正在运行初始化脚本...</translation>
    </message>
    <message>
        <source>the setup script exited with status %1: %2</source>
        <translation>初始化脚本以状态 %1 退出：%2</translation>
    </message>
    <message>
        <source>session %1 has no remote machine that Valis knows of</source>
        <translation>会话 %1 没有 Valis 已知的远程机器</translation>
    </message>
    <message>
        <source>this session has no local workspace to bring files back to</source>
        <translation>此会话没有可将文件取回的本地工作区</translation>
    </message>
    <message>
        <source>%1 machine %2 · %3</source>
        <translation>%1 机器 %2 · %3</translation>
    </message>
    <message numerus="yes">
        <source>up %n min</source>
        <translation>
            <numerusform>已运行 %n 分钟</numerusform>
        </translation>
    </message>
    <message>
        <source>reused, kept after the session</source>
        <translation>已复用，会话结束后保留</translation>
    </message>
    <message numerus="yes">
        <source>cannot upload the workspace (%n file(s) in one archive): %1</source>
        <translation>
            <numerusform>无法上传工作区（一个归档中的 %n 个文件）：%1</numerusform>
        </translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>%1 needs a key and the keychain cannot be reached (%2): set %3</source>
        <translation>%1 需要密钥，但无法访问钥匙串（%2）：请设置 %3</translation>
    </message>
    <message>
        <source>%1 needs a key: store it in the keychain as %2 (`valis-cli keys set %2`) or set %3</source>
        <translation>%1 需要密钥：请以 %2 存入钥匙串（`valis-cli keys set %2`）或设置 %3</translation>
    </message>
    <message>
        <source>no files changed on the machine</source>
        <translation>机器上没有文件被更改</translation>
    </message>
    <message>
        <source>updated %1</source>
        <translation>已更新 %1</translation>
    </message>
    <message>
        <source>added %1</source>
        <translation>已添加 %1</translation>
    </message>
    <message>
        <source>removed %1</source>
        <translation>已删除 %1</translation>
    </message>
    <message>
        <source>conflict %1: changed here and on the machine; the machine&apos;s version is %1.remote</source>
        <translation>冲突 %1：本地和机器上都已更改；机器上的版本保存为 %1.remote</translation>
    </message>
</context>
<context>
    <name>valis::ReplayReport</name>
    <message>
        <source>nothing removed</source>
        <translation>未移除任何内容</translation>
    </message>
    <message>
        <source>%1 (%2 of %3 removed items)</source>
        <translation>%1（%3 个已移除条目中的 %2 个）</translation>
    </message>
    <message>
        <source>Session %1 (%2) replayed with %3</source>
        <translation>会话 %1（%2）已使用 %3 重放</translation>
    </message>
    <message numerus="yes">
        <source>model %1 (tokens: %2) · window %3 · answer room %4 · fixed part %5 tokens (%n tool definition(s))</source>
        <translation>
            <numerusform>模型 %1（token：%2）· 窗口 %3 · 回答空间 %4 · 固定部分 %5 个 token（%n 个工具定义）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) · peak %1 tokens (%2 of the window) · overflows: %3</source>
        <translation>
            <numerusform>%n 次请求 · 峰值 %1 个 token（占窗口的 %2）· 溢出：%3</numerusform>
        </translation>
    </message>
    <message>
        <source>input %1 tokens, of them read from the cache %2 (%3) · prefix invalidations: %4</source>
        <translation>输入 %1 个 token，其中从缓存读取 %2（%3）· 前缀失效：%4</translation>
    </message>
    <message>
        <source>compactions: %1</source>
        <translation>压缩：%1</translation>
    </message>
    <message>
        <source>summary calls: %1</source>
        <translation>摘要调用：%1</translation>
    </message>
    <message>
        <source>billed: input %1 + output %2 + summaries %3 = %4</source>
        <translation>计费：输入 %1 + 输出 %2 + 摘要 %3 = %4</translation>
    </message>
    <message>
        <source>recoverability: %1; outside summaries: %2</source>
        <translation>可恢复性：%1；摘要之外：%2</translation>
    </message>
    <message>
        <source>AGENTS.md (%1 bytes) verbatim in every request</source>
        <translation>AGENTS.md（%1 字节）原样包含在每次请求中</translation>
    </message>
    <message numerus="yes">
        <source>AGENTS.md missing from %n request(s)</source>
        <translation>
            <numerusform>有 %n 次请求缺少 AGENTS.md</numerusform>
        </translation>
    </message>
    <message>
        <source>replay time %1 s</source>
        <translation>重放用时 %1 秒</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>cache read</source>
        <translation>缓存读取</translation>
    </message>
    <message>
        <source>written</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已移除</translation>
    </message>
    <message>
        <source>events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>[cache invalidated]</source>
        <translation>[缓存失效]</translation>
    </message>
    <message>
        <source>[overflow]</source>
        <translation>[溢出]</translation>
    </message>
    <message numerus="yes">
        <source>old facts: no request came late enough to measure them (%n fact(s) from the start of the transcript)</source>
        <translation>
            <numerusform>旧事实：没有足够晚的请求可用于衡量它们（对话记录开头的 %n 个事实）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>old facts verbatim in the view: %1 on average, %2 at the last request; reachable by one get_turn: %3, %4 (%n fact(s) from the start of the transcript, each counted once %5 requests old)</source>
        <translation>
            <numerusform>视图中原样保留的旧事实：平均 %1，最后一次请求时 %2；通过一次 get_turn 可找回：%3、%4（对话记录开头的 %n 个事实，每个在距今 %5 次请求时计数一次）</numerusform>
        </translation>
    </message>
    <message>
        <source>the view of every request is in %1</source>
        <translation>每次请求的视图都在 %1 中</translation>
    </message>
    <message>
        <source>old facts</source>
        <translation>旧事实</translation>
    </message>
    <message>
        <source>tagged</source>
        <translation>已标记</translation>
    </message>
</context>
<context>
    <name>valis::Replayer</name>
    <message>
        <source>%1 has no known input price: its input is counted at $0</source>
        <translation>%1 没有已知的输入价格：其输入按 $0 计算</translation>
    </message>
    <message>
        <source>%1 has no known output price: its answers are counted at $0</source>
        <translation>%1 没有已知的输出价格：其回答按 $0 计算</translation>
    </message>
    <message>
        <source>%1 has no known cache-write price: the input price is used</source>
        <translation>%1 没有已知的缓存写入价格：改用输入价格</translation>
    </message>
    <message>
        <source>%1 has no known cache-read price: the input price is used</source>
        <translation>%1 没有已知的缓存读取价格：改用输入价格</translation>
    </message>
    <message numerus="yes">
        <source>%n System message(s) inside the conversation are not sent (views never hold System messages)</source>
        <translation>
            <numerusform>对话中的 %n 条系统消息不会被发送（视图中从不包含系统消息）</numerusform>
        </translation>
    </message>
    <message>
        <source>the session %1 has no model answers, so there is no request to replay</source>
        <translation>会话 %1 没有模型回答，因此没有可重放的请求</translation>
    </message>
    <message>
        <source>the transcript names no model; %1 is assumed for prices and tokens</source>
        <translation>对话记录未指明模型；价格和 token 按 %1 计算</translation>
    </message>
    <message>
        <source>the model &quot;%1&quot; is not in the catalogue; %2 is assumed for prices and tokens</source>
        <translation>模型“%1”不在目录中；价格和 token 按 %2 计算</translation>
    </message>
    <message>
        <source>tokens are estimated: %1</source>
        <translation>token 为估算值：%1</translation>
    </message>
    <message>
        <source>pipeline warning: %1</source>
        <translation>流水线警告：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n pipeline warning(s) in all</source>
        <translation>
            <numerusform>共有 %n 条流水线警告</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <source>%1 is a folder; name one transcript file</source>
        <translation>%1 是文件夹；请指定一个对话记录文件</translation>
    </message>
    <message>
        <source>%1 cannot be read (no permission)</source>
        <translation>无法读取 %1（没有权限）</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>name a folder for the views</source>
        <translation>请指定存放视图的文件夹</translation>
    </message>
    <message>
        <source>%1 is a file, not a folder for the views</source>
        <translation>%1 是文件，而不是存放视图的文件夹</translation>
    </message>
    <message>
        <source>cannot create the folder %1 for the views</source>
        <translation>无法创建用于存放视图的文件夹 %1</translation>
    </message>
    <message>
        <source>cannot write into the folder %1: %2</source>
        <translation>无法写入文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot remove the earlier view %1</source>
        <translation>无法删除先前的视图 %1</translation>
    </message>
    <message>
        <source>cannot write the view %1: %2</source>
        <translation>无法写入视图 %1：%2</translation>
    </message>
</context>
<context>
    <name>valis::ResultCapture</name>
    <message>
        <source>the summarising model gave no summary</source>
        <translation>摘要模型没有给出摘要</translation>
    </message>
    <message>
        <source>the summarising model failed: %1</source>
        <translation>摘要模型失败：%1</translation>
    </message>
    <message>
        <source>the summarising model did not answer in time</source>
        <translation>摘要模型未能及时回答</translation>
    </message>
    <message>
        <source>large tool output could not be stored in memory and is shown whole: %1</source>
        <translation>较大的工具输出无法存入记忆，因此完整显示：%1</translation>
    </message>
</context>
<context>
    <name>valis::SandboxPane</name>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Exit</source>
        <translation>退出码</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Kill</source>
        <translation>终止</translation>
    </message>
    <message>
        <source>Stop the selected command; the agent is told it was killed</source>
        <translation>停止所选命令；智能体会被告知该命令已被终止</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>[run again]</source>
        <translation>[重新运行]</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>已终止</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>[earlier output cut here; the whole of it is in the transcript]</source>
        <translation>[之前的输出已在此截断；完整内容见对话记录]</translation>
    </message>
    <message>
        <source>Where this session&apos;s commands run, from its next turn</source>
        <translation>此会话的命令在何处运行（从下一轮次起生效）</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Whether this session&apos;s commands may reach the network, from its next turn</source>
        <translation>此会话的命令是否可以访问网络（从下一轮次起生效）</translation>
    </message>
    <message>
        <source>This session:</source>
        <translation>此会话：</translation>
    </message>
    <message>
        <source>%1 (not running)</source>
        <translation>%1（未运行）</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>沙箱</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Command output</source>
        <translation>命令输出</translation>
    </message>
</context>
<context>
    <name>valis::SectionBar</name>
    <message>
        <source>Tokens per section</source>
        <translation>各部分的 token 数</translation>
    </message>
    <message>
        <source>%1: %2 tokens</source>
        <translation>%1：%2 个 token</translation>
    </message>
</context>
<context>
    <name>valis::Session</name>
    <message>
        <source>a session needs a store, a provider, tools and approval rules</source>
        <translation>会话需要存储、提供方、工具和批准规则</translation>
    </message>
    <message>
        <source>no model was chosen for provider %1</source>
        <translation>未为提供方 %1 选择模型</translation>
    </message>
    <message>
        <source>the tokenizer of %1 cannot be loaded, so its tokens are estimated: %2</source>
        <translation>无法加载 %1 的分词器，因此其 token 数为估算值：%2</translation>
    </message>
    <message>
        <source>a turn is running; interrupt it or wait for it to finish</source>
        <translation>有一个轮次正在运行；请中断它或等待其完成</translation>
    </message>
    <message>
        <source>there is nothing to send</source>
        <translation>没有可发送的内容</translation>
    </message>
    <message>
        <source>no context strategy is installed, so there is nothing to compact with</source>
        <translation>未安装上下文策略，因此无法进行压缩</translation>
    </message>
    <message>
        <source>this session has no message &quot;%1&quot;</source>
        <translation>此会话中没有消息“%1”</translation>
    </message>
    <message>
        <source>only a message the user wrote can be edited and sent again</source>
        <translation>只有用户写的消息才能编辑并重新发送</translation>
    </message>
    <message>
        <source>there is no turn to run again</source>
        <translation>没有可以重新运行的轮次</translation>
    </message>
</context>
<context>
    <name>valis::SessionListModel</name>
    <message>
        <source>Untitled session</source>
        <translation>无标题会话</translation>
    </message>
    <message>
        <source>%1
%2 · %3 messages · updated %4</source>
        <translation>%1
%2 · %3 条消息 · 更新于 %4</translation>
    </message>
    <message numerus="yes">
        <source>No folder (%n)</source>
        <translation>
            <numerusform>无文件夹（%n）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n)</source>
        <translation>
            <numerusform>%1（%n）</numerusform>
        </translation>
    </message>
    <message>
        <source>Sessions without a workspace folder</source>
        <translation>没有工作区文件夹的会话</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Served by the OpenAI-compatible API (profile %1)</source>
        <translation>由 OpenAI 兼容 API 提供（配置档 %1）</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>已固定</translation>
    </message>
    <message>
        <source>%1, pinned</source>
        <translation>%1，已固定</translation>
    </message>
</context>
<context>
    <name>valis::SessionSampler</name>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>valis::SessionStore</name>
    <message>
        <source>cannot set up transcript ranking: %1</source>
        <translation>无法设置对话记录排序：%1</translation>
    </message>
    <message>
        <source>part %1 names part %2 as its parent</source>
        <translation>部分 %1 将部分 %2 指定为其父级</translation>
    </message>
    <message>
        <source>there is no session &quot;%1&quot;</source>
        <translation>没有会话“%1”</translation>
    </message>
    <message>
        <source>read session</source>
        <translation>读取会话</translation>
    </message>
    <message>
        <source>list sessions</source>
        <translation>列出会话</translation>
    </message>
    <message>
        <source>read messages</source>
        <translation>读取消息</translation>
    </message>
    <message>
        <source>read parts</source>
        <translation>读取部分</translation>
    </message>
    <message>
        <source>message %1 should have %2 parts but has %3</source>
        <translation>消息 %1 应有 %2 个部分，但实际有 %3 个</translation>
    </message>
    <message>
        <source>read turns</source>
        <translation>读取轮次</translation>
    </message>
    <message>
        <source>read token counts</source>
        <translation>读取 token 计数</translation>
    </message>
    <message>
        <source>create session %1</source>
        <translation>创建会话 %1</translation>
    </message>
    <message>
        <source>a session with id %1 already exists</source>
        <translation>ID 为 %1 的会话已存在</translation>
    </message>
    <message>
        <source>find session %1</source>
        <translation>查找会话 %1</translation>
    </message>
    <message>
        <source>append message %1</source>
        <translation>追加消息 %1</translation>
    </message>
    <message>
        <source>the session already has a message with id %1</source>
        <translation>该会话中已有 ID 为 %1 的消息</translation>
    </message>
    <message>
        <source>update session</source>
        <translation>更新会话</translation>
    </message>
    <message>
        <source>migration to schema version %1 failed: %2</source>
        <translation>迁移到架构版本 %1 失败：%2</translation>
    </message>
    <message>
        <source>cannot open the database</source>
        <translation>无法打开数据库</translation>
    </message>
    <message>
        <source>this file is not a Valis session database (%1)</source>
        <translation>此文件不是 Valis 会话数据库（%1）</translation>
    </message>
    <message>
        <source>this SQLite file belongs to another application; Valis left it untouched</source>
        <translation>此 SQLite 文件属于其他应用程序；Valis 未改动它</translation>
    </message>
    <message>
        <source>the database was written by a newer Valis (schema version %1; this build reads up to %2). It was left untouched: update Valis to open it.</source>
        <translation>该数据库由更新版本的 Valis 写入（架构版本 %1；此构建最多读取 %2）。它未被改动：请更新 Valis 后再打开。</translation>
    </message>
    <message>
        <source>cannot create the folder for the database</source>
        <translation>无法创建数据库所在的文件夹</translation>
    </message>
    <message>
        <source>cannot switch the database to write-ahead logging: %1</source>
        <translation>无法将数据库切换为预写日志（WAL）模式：%1</translation>
    </message>
    <message>
        <source>rename session</source>
        <translation>重命名会话</translation>
    </message>
    <message>
        <source>archive session</source>
        <translation>归档会话</translation>
    </message>
    <message>
        <source>session %1 already exists and came from %2, not %3</source>
        <translation>会话 %1 已存在，且来自 %2，而不是 %3</translation>
    </message>
    <message>
        <source>store token counts</source>
        <translation>存储 token 计数</translation>
    </message>
    <message>
        <source>session %1 has no part %2 in message %3</source>
        <translation>会话 %1 的消息 %3 中没有部分 %2</translation>
    </message>
    <message>
        <source>delete session</source>
        <translation>删除会话</translation>
    </message>
    <message>
        <source>remember the active branch</source>
        <translation>记住当前分支</translation>
    </message>
    <message>
        <source>session &quot;%1&quot; has no message &quot;%2&quot;</source>
        <translation>会话“%1”中没有消息“%2”</translation>
    </message>
    <message>
        <source>message %1 has an unknown role</source>
        <translation>消息 %1 的角色未知</translation>
    </message>
    <message>
        <source>read turn versions</source>
        <translation>读取轮次版本</translation>
    </message>
    <message>
        <source>a stored turn version needs a turn and the level S, C or T (turn %1, level %2)</source>
        <translation>已存储的轮次版本需要一个轮次以及级别 S、C 或 T（轮次 %1，级别 %2）</translation>
    </message>
    <message>
        <source>store turn versions</source>
        <translation>存储轮次版本</translation>
    </message>
    <message>
        <source>update session metadata</source>
        <translation>更新会话元数据</translation>
    </message>
    <message numerus="yes">
        <source>cannot remove %n unreferenced file(s)</source>
        <translation>
            <numerusform>无法删除 %n 个未被引用的文件</numerusform>
        </translation>
    </message>
    <message>
        <source>sweep orphan blobs</source>
        <translation>清理孤立的二进制文件</translation>
    </message>
    <message>
        <source>cannot set up the phrase index: %1</source>
        <translation>无法建立短语索引：%1</translation>
    </message>
    <message>
        <source>cannot split text into words for the index</source>
        <translation>无法为索引将文本拆分为词</translation>
    </message>
</context>
<context>
    <name>valis::Settings</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>the file must hold a JSON object</source>
        <translation>文件必须包含一个 JSON 对象</translation>
    </message>
    <message>
        <source>unsupported version %1 (this Valis reads version %2)</source>
        <translation>不支持的版本 %1（此 Valis 读取版本 %2）</translation>
    </message>
    <message>
        <source>cannot create the folder</source>
        <translation>无法创建文件夹</translation>
    </message>
    <message>
        <source>cannot write the file: %1</source>
        <translation>无法写入文件：%1</translation>
    </message>
</context>
<context>
    <name>valis::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Saved. New turns use these settings.</source>
        <translation>已保存。新的轮次将使用这些设置。</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>设置页面列表</translation>
    </message>
</context>
<context>
    <name>valis::SharingPage</name>
    <message>
        <source>Add Valis to %1?</source>
        <translation>要将 Valis 添加到 %1 吗？</translation>
    </message>
    <message>
        <source>Valis will change %1 as shown below; the file as it is now is kept as %2.</source>
        <translation>Valis 将按下方所示更改 %1；该文件的当前版本会保存为 %2。</translation>
    </message>
    <message>
        <source>Valis will create %1 as shown below.</source>
        <translation>Valis 将按下方所示创建 %1。</translation>
    </message>
    <message>
        <source>&amp;Write</source>
        <translation>写入(&amp;W)</translation>
    </message>
    <message>
        <source>%1 reads it when it starts next.</source>
        <translation>%1 下次启动时会读取它。</translation>
    </message>
    <message>
        <source>Calls from other agents</source>
        <translation>来自其他智能体的调用</translation>
    </message>
    <message>
        <source>Share memory with other agents</source>
        <translation>与其他智能体共享记忆</translation>
    </message>
    <message>
        <source>Other agents can search and read Valis&apos;s memory and transcripts through its MCP server (valis-cli mcp serve). Paste one of these into the agent, or let Valis add it to the agent&apos;s configuration file: you see the change before anything is written.</source>
        <translation>其他智能体可以通过 Valis 的 MCP 服务器（valis-cli mcp serve）搜索和读取 Valis 的记忆和对话记录。将下列内容之一粘贴到该智能体中，或让 Valis 将其添加到该智能体的配置文件：写入任何内容之前，你都会先看到更改。</translation>
    </message>
    <message>
        <source>valis-cli was not found at %1; the snippets name it there.</source>
        <translation>在 %1 未找到 valis-cli；这些片段中使用的就是该路径。</translation>
    </message>
    <message>
        <source>&amp;Read-only: other agents can search and read, not store (--read-only)</source>
        <translation>只读(&amp;R)：其他智能体可以搜索和读取，但不能存储（--read-only）</translation>
    </message>
    <message>
        <source>%1 (a command to run in a terminal)</source>
        <translation>%1（在终端中运行的命令）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>The %1 snippet is on the clipboard.</source>
        <translation>%1 的片段已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Add to %1…</source>
        <translation>添加到 %1…</translation>
    </message>
    <message>
        <source>Shows the change to %1 first</source>
        <translation>先显示对 %1 的更改</translation>
    </message>
    <message>
        <source>OpenAI-compatible API</source>
        <translation>OpenAI 兼容 API</translation>
    </message>
    <message>
        <source>Clients such as Aider, Continue or Open WebUI can talk to your models through Valis, with its context management, on this computer only (valis-cli serve). They need the URL and the token.</source>
        <translation>Aider、Continue 或 Open WebUI 等客户端可以通过 Valis 与你的模型对话，并使用其上下文管理，仅限本机（valis-cli serve）。它们需要 URL 和令牌。</translation>
    </message>
    <message>
        <source>&amp;Serve an OpenAI-compatible API</source>
        <translation>提供 OpenAI 兼容 API(&amp;S)</translation>
    </message>
    <message>
        <source>port </source>
        <translation>端口 </translation>
    </message>
    <message>
        <source>Copy URL</source>
        <translation>复制 URL</translation>
    </message>
    <message>
        <source>Copy token</source>
        <translation>复制令牌</translation>
    </message>
    <message>
        <source>Not available in this window.</source>
        <translation>在此窗口中不可用。</translation>
    </message>
    <message>
        <source>The API&apos;s URL is on the clipboard.</source>
        <translation>API 的 URL 已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Valis was not added to %1: %2</source>
        <translation>未将 Valis 添加到 %1：%2</translation>
    </message>
    <message>
        <source>%1 already starts Valis this way (%2).</source>
        <translation>%1 已经以这种方式启动 Valis（%2）。</translation>
    </message>
    <message>
        <source>Added Valis to %1 (%2). Start %1 again to use it.</source>
        <translation>已将 Valis 添加到 %1（%2）。请重新启动 %1 以使用它。</translation>
    </message>
    <message>
        <source>Nothing was written to %1&apos;s configuration.</source>
        <translation>未向 %1 的配置写入任何内容。</translation>
    </message>
    <message>
        <source>The token could not be read from the keychain: %1</source>
        <translation>无法从钥匙串读取令牌：%1</translation>
    </message>
    <message>
        <source>There is no token yet: valis-cli serve makes one when it first starts.</source>
        <translation>尚无令牌：valis-cli serve 首次启动时会生成一个。</translation>
    </message>
    <message>
        <source>The API&apos;s token is on the clipboard.</source>
        <translation>API 的令牌已复制到剪贴板。</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>任意空闲端口</translation>
    </message>
    <message>
        <source>The profile of config/serve.json a request without a model uses</source>
        <translation>不指定模型的请求所使用的 config/serve.json 配置档</translation>
    </message>
    <message>
        <source>Default profile</source>
        <translation>默认配置档</translation>
    </message>
    <message>
        <source>Profile %1 (%2/%3)</source>
        <translation>配置档 %1（%2/%3）</translation>
    </message>
    <message>
        <source>Profile %1 (not in config/serve.json)</source>
        <translation>配置档 %1（不在 config/serve.json 中）</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
</context>
<context>
    <name>valis::ShellFilesystem</name>
    <message>
        <source>workspace %1 on %2</source>
        <translation>%2 上的工作区 %1</translation>
    </message>
    <message>
        <source>the workspace root is a folder, not a file</source>
        <translation>工作区根目录是文件夹，不是文件</translation>
    </message>
    <message>
        <source>the workspace root cannot be removed</source>
        <translation>无法删除工作区根目录</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <source>%1 leads outside the workspace</source>
        <translation>%1 通向工作区之外</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file</source>
        <translation>%1 是文件夹，不是文件</translation>
    </message>
    <message>
        <source>%1 is a file, not a folder</source>
        <translation>%1 是文件，不是文件夹</translation>
    </message>
    <message>
        <source>%1 is a folder that is not empty</source>
        <translation>%1 是非空文件夹</translation>
    </message>
    <message>
        <source>%1 on %2 failed: %3</source>
        <translation>%2 上的 %1 操作失败：%3</translation>
    </message>
</context>
<context>
    <name>valis::SqliteDetailStore</name>
    <message>
        <source>cannot create the folder for large memories</source>
        <translation>无法创建存放大型记忆的文件夹</translation>
    </message>
    <message>
        <source>cannot write the content file of a large memory: %1</source>
        <translation>无法写入大型记忆的内容文件：%1</translation>
    </message>
    <message>
        <source>the content of %1 is missing: its file is gone from the memory folder</source>
        <translation>%1 的内容缺失：其文件已不在记忆文件夹中</translation>
    </message>
    <message>
        <source>the content of %1 cannot be read: %2</source>
        <translation>无法读取 %1 的内容：%2</translation>
    </message>
    <message>
        <source>the content of %1 is damaged: its file no longer matches the checksum stored with it</source>
        <translation>%1 的内容已损坏：其文件与一同存储的校验和不再匹配</translation>
    </message>
    <message>
        <source>cannot remove the content file of a large memory</source>
        <translation>无法删除大型记忆的内容文件</translation>
    </message>
    <message>
        <source>cannot open the memory database</source>
        <translation>无法打开记忆数据库</translation>
    </message>
    <message>
        <source>search memories</source>
        <translation>搜索记忆</translation>
    </message>
    <message>
        <source>cannot set up memory search snippets: %1</source>
        <translation>无法设置记忆搜索摘录：%1</translation>
    </message>
    <message>
        <source>this file is not a Valis memory database (%1)</source>
        <translation>此文件不是 Valis 记忆数据库（%1）</translation>
    </message>
    <message>
        <source>this SQLite file is not a Valis memory database; Valis left it untouched</source>
        <translation>此 SQLite 文件不是 Valis 记忆数据库；Valis 未改动它</translation>
    </message>
    <message>
        <source>the memory database was written by a newer Valis (schema version %1; this build reads up to %2). It was left untouched: update Valis to open it.</source>
        <translation>该记忆数据库由更新版本的 Valis 写入（架构版本 %1；此构建最多读取 %2）。它未被改动：请更新 Valis 后再打开。</translation>
    </message>
    <message>
        <source>migration of the memory database to schema version %1 failed: %2</source>
        <translation>将记忆数据库迁移到架构版本 %1 失败：%2</translation>
    </message>
    <message>
        <source>the content of %1 is damaged: it no longer matches the checksum stored with it</source>
        <translation>%1 的内容已损坏：与其一同存储的校验和不再匹配</translation>
    </message>
    <message>
        <source>read a memory</source>
        <translation>读取记忆</translation>
    </message>
    <message>
        <source>choose a memory key</source>
        <translation>选择记忆键</translation>
    </message>
    <message>
        <source>store a memory</source>
        <translation>存储记忆</translation>
    </message>
</context>
<context>
    <name>valis::StoreWorker</name>
    <message>
        <source>session &quot;%1&quot; has no message &quot;%2&quot;</source>
        <translation>会话“%1”中没有消息“%2”</translation>
    </message>
</context>
<context>
    <name>valis::SubagentHost</name>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
</context>
<context>
    <name>valis::SweAgentImporter</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>SWE-agent trajectory</source>
        <translation>SWE-agent 轨迹</translation>
    </message>
    <message>
        <source>expected a JSON object with a &quot;history&quot; array</source>
        <translation>应为带有 &quot;history&quot; 数组的 JSON 对象</translation>
    </message>
    <message>
        <source>&quot;history&quot; is missing or not an array</source>
        <translation>&quot;history&quot; 缺失或不是数组</translation>
    </message>
    <message>
        <source>%1 is not a JSON object</source>
        <translation>%1 不是 JSON 对象</translation>
    </message>
    <message>
        <source>SWE-agent trajectories have no timestamps; the session and its messages take the file&apos;s modification time.</source>
        <translation>SWE-agent 轨迹没有时间戳；会话及其消息采用文件的修改时间。</translation>
    </message>
    <message>
        <source>%1 trajectory steps repeat the history and were not imported again.</source>
        <translation>有 %1 个轨迹步骤与历史重复，未再次导入。</translation>
    </message>
</context>
<context>
    <name>valis::TomlReader</name>
    <message>
        <source>a table name that cannot be read</source>
        <translation>无法读取的表名</translation>
    </message>
    <message>
        <source>a table name without its closing bracket</source>
        <translation>缺少右方括号的表名</translation>
    </message>
    <message>
        <source>something after a table name</source>
        <translation>表名之后还有多余内容</translation>
    </message>
    <message>
        <source>a key that cannot be read</source>
        <translation>无法读取的键</translation>
    </message>
    <message>
        <source>a key without &quot;=&quot;</source>
        <translation>缺少 &quot;=&quot; 的键</translation>
    </message>
    <message>
        <source>a value that cannot be read</source>
        <translation>无法读取的值</translation>
    </message>
    <message>
        <source>something after a value</source>
        <translation>值之后还有多余内容</translation>
    </message>
    <message>
        <source>values nested more than %1 deep</source>
        <translation>嵌套超过 %1 层的值</translation>
    </message>
</context>
<context>
    <name>valis::ToolEnvironment</name>
    <message>
        <source>the sandbox &quot;%1&quot; is not installed (the &quot;local&quot; sandbox plugin did not load), so commands cannot run; see valis-cli plugins</source>
        <translation>沙箱“%1”未安装（“local”沙箱插件未加载），因此无法运行命令；请参见 valis-cli plugins</translation>
    </message>
    <message>
        <source>there is no sandbox &quot;%1&quot;; the sandboxes are: %2 (or bwrap, none)</source>
        <translation>没有沙箱“%1”；可用的沙箱有：%2（或 bwrap、none）</translation>
    </message>
    <message>
        <source>none installed</source>
        <translation>未安装任何沙箱</translation>
    </message>
    <message>
        <source>commands cannot run: %1</source>
        <translation>无法运行命令：%1</translation>
    </message>
    <message>
        <source>no sandbox</source>
        <translation>无沙箱</translation>
    </message>
    <message>
        <source>network on</source>
        <translation>网络开启</translation>
    </message>
    <message>
        <source>network off</source>
        <translation>网络关闭</translation>
    </message>
    <message>
        <source>NO ISOLATION: commands run as plain processes with your permissions (%1)</source>
        <translation>无隔离：命令以普通进程运行，拥有你的权限（%1）</translation>
    </message>
    <message>
        <source>sandbox: %1, %2</source>
        <translation>沙箱：%1，%2</translation>
    </message>
</context>
<context>
    <name>valis::ToolSelector</name>
    <message>
        <source>the tool selector&apos;s answer named no known tool, so every tool is offered</source>
        <translation>工具选择器的回答中没有任何已知工具，因此提供所有工具</translation>
    </message>
    <message>
        <source>the tool selector failed (%1), so every tool is offered</source>
        <translation>工具选择器失败（%1），因此提供所有工具</translation>
    </message>
</context>
<context>
    <name>valis::ToolSettings</name>
    <message>
        <source>%1.%2 must be a string</source>
        <translation>%1.%2 必须是字符串</translation>
    </message>
    <message>
        <source>%1 must be an object with &quot;tools&quot;</source>
        <translation>%1 必须是包含 &quot;tools&quot; 的对象</translation>
    </message>
    <message>
        <source>%1.tools must be a non-empty array of tool names</source>
        <translation>%1.tools 必须是由工具名称组成的非空数组</translation>
    </message>
    <message>
        <source>%1.tools must hold only tool names</source>
        <translation>%1.tools 中只能包含工具名称</translation>
    </message>
    <message>
        <source>%1 must be an object</source>
        <translation>%1 必须是对象</translation>
    </message>
    <message>
        <source>%1.description is required: the model chooses a subagent by it</source>
        <translation>%1.description 为必填项：模型据此选择子智能体</translation>
    </message>
    <message>
        <source>%1.maxSteps must be a number of at least 1</source>
        <translation>%1.maxSteps 必须是至少为 1 的数字</translation>
    </message>
    <message>
        <source>Read, edit, run commands, plan and load skills: what a coding agent needs.</source>
        <translation>读取、编辑、运行命令、制定计划和加载技能：编程智能体所需的一切。</translation>
    </message>
    <message>
        <source>Every file tool (read, search, edit, patch) and the plan; no commands.</source>
        <translation>所有文件工具（读取、搜索、编辑、补丁）和计划；不含命令。</translation>
    </message>
    <message>
        <source>Every tool of every installed plugin.</source>
        <translation>所有已安装插件的全部工具。</translation>
    </message>
    <message>
        <source>there is no tool pack &quot;%1&quot;; the packs are: %2</source>
        <translation>没有工具包“%1”；可用的工具包有：%2</translation>
    </message>
    <message>
        <source>agent &quot;%1&quot; must be a plain name (letters, digits, &apos;.&apos;, &apos;-&apos;, &apos;_&apos;)</source>
        <translation>智能体“%1”必须是简单名称（字母、数字、“.”、“-”、“_”）</translation>
    </message>
    <message>
        <source>network must be true or false</source>
        <translation>network 必须是 true 或 false</translation>
    </message>
    <message>
        <source>maxSubagentDepth must be a number from 0 to 5</source>
        <translation>maxSubagentDepth 必须是 0 到 5 之间的数字</translation>
    </message>
    <message>
        <source>Read-only tools, web search and fetching, skills, images and subagents: look, never change.</source>
        <translation>只读工具、网页搜索与抓取、技能、图片和子智能体：只查看，从不修改。</translation>
    </message>
</context>
<context>
    <name>valis::ToolsPage</name>
    <message>
        <source>Nothing on this page will be saved until this is fixed: %1</source>
        <translation>在修复此问题之前，此页面上的内容都不会保存：%1</translation>
    </message>
    <message>
        <source>The plugins are still starting; open Settings again in a moment.</source>
        <translation>插件仍在启动；请稍后再打开设置。</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>Default: read-only tools run, every other call asks. Deny always wins, for the tool or its provider.</source>
        <translation>默认：只读工具直接运行，其他调用都会先询问。“拒绝”始终优先，无论是针对工具还是其提供方。</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Reads only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Tool provider</source>
        <translation>工具提供方</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>New sessions</source>
        <translation>新会话</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 (not running)</source>
        <translation>%1（未运行）</translation>
    </message>
    <message>
        <source>Commands may use the network</source>
        <translation>命令可以使用网络</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Sandbox:</source>
        <translation>沙箱：</translation>
    </message>
    <message>
        <source>Tool pack:</source>
        <translation>工具包：</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>允许</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>询问</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>(not running)</source>
        <translation>（未运行）</translation>
    </message>
    <message>
        <source>This sandbox is not running: commands will not run until it is.</source>
        <translation>此沙箱未在运行：在它运行之前，命令都不会执行。</translation>
    </message>
    <message>
        <source>No isolation: commands can read and change every file you can.</source>
        <translation>无隔离：凡是你能读取和修改的文件，命令都能读取和修改。</translation>
    </message>
    <message>
        <source>This sandbox cannot cut the network off anyway.</source>
        <translation>此沙箱本来就无法切断网络。</translation>
    </message>
    <message>
        <source>Commands can reach the network (downloads, uploads of your files).</source>
        <translation>命令可以访问网络（下载内容，或上传你的文件）。</translation>
    </message>
    <message>
        <source>not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Tool approval rules</source>
        <translation>工具批准规则</translation>
    </message>
    <message>
        <source>Tool provider rules</source>
        <translation>工具提供方规则</translation>
    </message>
    <message>
        <source>Approval rule for %1</source>
        <translation>%1 的批准规则</translation>
    </message>
</context>
<context>
    <name>valis::TranscriptGrepPane</name>
    <message>
        <source>Search every transcript</source>
        <translation>搜索所有对话记录</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>正则</translation>
    </message>
    <message>
        <source>Match a regular expression instead of words</source>
        <translation>按正则表达式而不是单词匹配</translation>
    </message>
    <message>
        <source>This session</source>
        <translation>此会话</translation>
    </message>
    <message>
        <source>Any role</source>
        <translation>任意角色</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>A regex needs a word of three letters or more that every match contains, such as &quot;undefined.*reference&quot;.</source>
        <translation>正则表达式中需要包含一个所有匹配项都含有的、至少三个字母的单词，例如 &quot;undefined.*reference&quot;。</translation>
    </message>
    <message>
        <source>No session is shown.</source>
        <translation>未显示任何会话。</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>No match (%1 ms).</source>
        <translation>没有匹配项（%1 毫秒）。</translation>
    </message>
    <message>
        <source>1 hit in %1 ms</source>
        <translation>1 个结果，用时 %1 毫秒</translation>
    </message>
    <message numerus="yes">
        <source>%n hits in %1 ms</source>
        <translation>
            <numerusform>%n 个结果，用时 %1 毫秒</numerusform>
        </translation>
    </message>
    <message>
        <source>, best first</source>
        <translation>，最佳结果在前</translation>
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation>搜索失败：%1</translation>
    </message>
    <message>
        <source>Only messages written in this time</source>
        <translation>仅限在此时间段内写下的消息</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>任意时间</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>过去 24 小时</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>过去 7 天</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>过去 30 天</translation>
    </message>
    <message>
        <source>Last year</source>
        <translation>过去一年</translation>
    </message>
    <message>
        <source>Only messages of this role</source>
        <translation>仅限此角色的消息</translation>
    </message>
    <message>
        <source>Only calls of this tool</source>
        <translation>仅限此工具的调用</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>搜索结果</translation>
    </message>
</context>
<context>
    <name>valis::TranscriptImporters</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>not a transcript format Valis knows (known: %1); name one with --format</source>
        <translation>不是 Valis 所知的对话记录格式（已知格式：%1）；请用 --format 指定一种</translation>
    </message>
</context>
<context>
    <name>valis::TranscriptIndex</name>
    <message>
        <source>the search has no words to look for</source>
        <translation>搜索中没有要查找的词</translation>
    </message>
    <message>
        <source>read the index state</source>
        <translation>读取索引状态</translation>
    </message>
    <message>
        <source>index pending text</source>
        <translation>索引待处理的文本</translation>
    </message>
    <message>
        <source>the regular expression is not valid: %1 (at offset %2)</source>
        <translation>正则表达式无效：%1（位于偏移量 %2）</translation>
    </message>
    <message>
        <source>search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>there is no session &quot;%1&quot;</source>
        <translation>没有会话“%1”</translation>
    </message>
    <message>
        <source>the FTS5 query is not valid: %1</source>
        <translation>FTS5 查询无效：%1</translation>
    </message>
    <message>
        <source>read the phrase index</source>
        <translation>读取短语索引</translation>
    </message>
    <message>
        <source>index word pairs</source>
        <translation>索引词对</translation>
    </message>
    <message>
        <source>take word pairs out of the index</source>
        <translation>从索引中移除词对</translation>
    </message>
</context>
<context>
    <name>valis::TurnVersionGenerator</name>
    <message>
        <source>the model took too long</source>
        <translation>模型耗时过长</translation>
    </message>
    <message>
        <source>the model&apos;s versions of turn %1 could not be made, so its extractive versions stay: %2</source>
        <translation>无法生成轮次 %1 的模型版本，因此保留其抽取式版本：%2</translation>
    </message>
    <message>
        <source>the model&apos;s answer for the versions of turn %1 lacks the &lt;smoothed&gt;, &lt;compressed&gt; and &lt;tiny&gt; sections, so its extractive versions stay</source>
        <translation>模型针对轮次 %1 各版本的回答缺少 &lt;smoothed&gt;、&lt;compressed&gt; 和 &lt;tiny&gt; 部分，因此保留其抽取式版本</translation>
    </message>
    <message>
        <source>the model&apos;s versions of turn %1 could not be stored: %2</source>
        <translation>无法存储轮次 %1 的模型版本：%2</translation>
    </message>
</context>
<context>
    <name>valis::UsageReport</name>
    <message>
        <source>read the sessions</source>
        <translation>读取会话</translation>
    </message>
    <message>
        <source>read the usage</source>
        <translation>读取用量</translation>
    </message>
    <message>
        <source>read the compactions</source>
        <translation>读取压缩记录</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a date: use YYYY-MM-DD, a number of days such as 7d or 30d, or all</source>
        <translation>“%1”不是日期：请使用 YYYY-MM-DD、天数（如 7d 或 30d）或 all</translation>
    </message>
    <message>
        <source>there is no session database here</source>
        <translation>此处没有会话数据库</translation>
    </message>
    <message>
        <source>cannot open the database</source>
        <translation>无法打开数据库</translation>
    </message>
</context>
<context>
    <name>valis::UsageView</name>
    <message>
        <source>million tokens</source>
        <translation>百万 token</translation>
    </message>
    <message>
        <source>thousand tokens</source>
        <translation>千 token</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Cost per day (USD)</source>
        <translation>每日费用（USD）</translation>
    </message>
    <message>
        <source>other models</source>
        <translation>其他模型</translation>
    </message>
    <message>
        <source>USD</source>
        <translation>USD</translation>
    </message>
    <message>
        <source>Tokens per day</source>
        <translation>每日 token 数</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>cache read</source>
        <translation>缓存读取</translation>
    </message>
    <message>
        <source>cache write</source>
        <translation>缓存写入</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Cost by provider and model</source>
        <translation>按提供方和模型统计的费用</translation>
    </message>
    <message>
        <source>Tokens by provider and model (no known prices)</source>
        <translation>按提供方和模型统计的 token 数（无已知价格）</translation>
    </message>
    <message>
        <source>Costliest sessions (USD)</source>
        <translation>费用最高的会话（USD）</translation>
    </message>
    <message>
        <source>sessions, costliest first</source>
        <translation>会话（费用最高的在前）</translation>
    </message>
    <message>
        <source>Read from the prompt cache (%)</source>
        <translation>从提示缓存读取（%）</translation>
    </message>
    <message>
        <source>cache-read share</source>
        <translation>缓存读取占比</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>Compactions: %1, cache writes %2</source>
        <translation>压缩：%1，缓存写入 %2</translation>
    </message>
    <message>
        <source>tokens taken out of requests</source>
        <translation>从请求中移除的 token</translation>
    </message>
    <message>
        <source>Usage and cost</source>
        <translation>用量和费用</translation>
    </message>
    <message>
        <source>&amp;Period:</source>
        <translation>时段(&amp;P)：</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>时段</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>全部时间</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Refresh the usage</source>
        <translation>刷新用量</translation>
    </message>
    <message>
        <source>Usage status</source>
        <translation>用量状态</translation>
    </message>
    <message>
        <source>Total cost</source>
        <translation>总费用</translation>
    </message>
    <message>
        <source>Tokens sent and generated</source>
        <translation>发送和生成的 token</translation>
    </message>
    <message>
        <source>Share read from the cache</source>
        <translation>从缓存读取的占比</translation>
    </message>
    <message>
        <source>Compactions</source>
        <translation>压缩</translation>
    </message>
    <message>
        <source>Cost per day</source>
        <translation>每日费用</translation>
    </message>
    <message>
        <source>Costliest sessions</source>
        <translation>费用最高的会话</translation>
    </message>
    <message>
        <source>Cache-read share per day</source>
        <translation>每日缓存读取占比</translation>
    </message>
    <message>
        <source>Compactions and their savings</source>
        <translation>压缩及其节省</translation>
    </message>
    <message>
        <source>Reading the sessions…</source>
        <translation>正在读取会话…</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+ %n unpriced)</source>
        <translation>
            <numerusform>%1（另有 %n 个未计价）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 sent · %2 generated</source>
        <translation>发送 %1 · 生成 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n compaction(s), %1 tokens saved</source>
        <translation>
            <numerusform>%n 次压缩，节省 %1 个 token</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens sent (%2 uncached input, %3 read from the cache, %4 written to it), %5 generated</source>
        <translation>发送 %1 个 token（未缓存输入 %2，从缓存读取 %3，写入缓存 %4），生成 %5 个</translation>
    </message>
    <message>
        <source>The usage could not be read: %1</source>
        <translation>无法读取用量：%1</translation>
    </message>
    <message>
        <source>No model requests with recorded usage in this period.</source>
        <translation>此时段内没有记录了用量的模型请求。</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) in %1 session(s)</source>
        <translation>
            <numerusform>%1 个会话中的 %n 次请求</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Usage and cost…</source>
        <translation>用量和费用(&amp;U)…</translation>
    </message>
</context>
<context>
    <name>valis::ValisJsonlImporter</name>
    <message>
        <source>Valis JSONL export</source>
        <translation>Valis JSONL 导出</translation>
    </message>
    <message>
        <source>not a Valis export: the first line must be the valis-export header</source>
        <translation>不是 Valis 导出文件：第一行必须是 valis-export 文件头</translation>
    </message>
    <message>
        <source>the export is format version %1; this Valis reads up to %2</source>
        <translation>该导出文件的格式版本为 %1；此 Valis 最多读取 %2</translation>
    </message>
    <message>
        <source>session %1 appears twice</source>
        <translation>会话 %1 出现了两次</translation>
    </message>
    <message>
        <source>message for unknown session &quot;%1&quot;</source>
        <translation>消息属于未知会话“%1”</translation>
    </message>
    <message>
        <source>the blob&apos;s data does not match its reference %1</source>
        <translation>blob 的数据与其引用 %1 不符</translation>
    </message>
    <message>
        <source>unknown line type &quot;%1&quot;</source>
        <translation>未知的行类型“%1”</translation>
    </message>
    <message>
        <source>message %1 refers to images the export does not contain: %2</source>
        <translation>消息 %1 引用了导出文件中没有的图片：%2</translation>
    </message>
</context>
<context>
    <name>valis::VectorIndex</name>
    <message>
        <source>the vector store holds vectors of another length for %1</source>
        <translation>向量存储中 %1 的向量长度与此不同</translation>
    </message>
    <message>
        <source>a vector index needs a length</source>
        <translation>向量索引需要指定长度</translation>
    </message>
    <message>
        <source>a vector of %1 dimensions for an index of %2</source>
        <translation>%1 维的向量不能用于 %2 维的索引</translation>
    </message>
    <message>
        <source>cannot create the folder of the vector index</source>
        <translation>无法创建向量索引的文件夹</translation>
    </message>
    <message>
        <source>cannot write the vector index</source>
        <translation>无法写入向量索引</translation>
    </message>
    <message>
        <source>cannot replace the vector index: %1</source>
        <translation>无法替换向量索引：%1</translation>
    </message>
    <message>
        <source>cannot write the header of the vector index</source>
        <translation>无法写入向量索引的头部</translation>
    </message>
</context>
<context>
    <name>valis::VectorMemory</name>
    <message>
        <source>vector recall needs the session database</source>
        <translation>向量召回需要会话数据库</translation>
    </message>
</context>
<context>
    <name>valis::VectorRetriever</name>
    <message>
        <source>reading the session database: %1</source>
        <translation>读取会话数据库：%1</translation>
    </message>
    <message>
        <source>the embedding client has stopped</source>
        <translation>嵌入客户端已停止</translation>
    </message>
    <message>
        <source>the question&apos;s vector has %1 dimensions, the stored ones %2</source>
        <translation>问题的向量为 %1 维，而已存储的向量为 %2 维</translation>
    </message>
    <message>
        <source>embeddings are off (recall is lexical only)</source>
        <translation>嵌入已关闭（召回仅按词语匹配）</translation>
    </message>
</context>
<context>
    <name>valis::VectorStore</name>
    <message>
        <source>vector store: %1: %2</source>
        <translation>向量存储：%1：%2</translation>
    </message>
    <message>
        <source>cannot set up the vector tables</source>
        <translation>无法设置向量表</translation>
    </message>
    <message>
        <source>cannot create the folder of the vector store</source>
        <translation>无法创建向量存储的文件夹</translation>
    </message>
    <message>
        <source>one call stores items of one kind</source>
        <translation>一次调用只能存储同一种类的条目</translation>
    </message>
</context>
<context>
    <name>valis::WelcomeView</name>
    <message>
        <source>&lt;h2&gt;Welcome to Valis&lt;/h2&gt;&lt;p&gt;Three ways to begin. Nothing is sent anywhere until you choose.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;欢迎使用 Valis&lt;/h2&gt;&lt;p&gt;有三种开始方式。在你做出选择之前，不会向任何地方发送任何内容。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Use a hosted model</source>
        <translation>使用托管模型</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>OpenAI 兼容服务器</translation>
    </message>
    <message>
        <source>API key (kept in your system keychain)</source>
        <translation>API 密钥（保存在系统钥匙串中）</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>保存密钥</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>提供方：</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>密钥：</translation>
    </message>
    <message>
        <source>Use a model on this machine</source>
        <translation>使用本机上的模型</translation>
    </message>
    <message>
        <source>Look again</source>
        <translation>重新查找</translation>
    </message>
    <message>
        <source>Bring your other agents&apos; sessions</source>
        <translation>导入其他智能体的会话</translation>
    </message>
    <message>
        <source>Import the checked folders</source>
        <translation>导入勾选的文件夹</translation>
    </message>
    <message>
        <source>Looking for other agents&apos; sessions…</source>
        <translation>正在查找其他智能体的会话…</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>正在导入…</translation>
    </message>
    <message>
        <source>Paste the key first.</source>
        <translation>请先粘贴密钥。</translation>
    </message>
    <message>
        <source>There is no keychain to keep the key in; set the provider&apos;s environment variable instead.</source>
        <translation>没有可用于保存密钥的钥匙串；请改为设置提供方的环境变量。</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>The key was not saved: %1</source>
        <translation>密钥未保存：%1</translation>
    </message>
    <message>
        <source>Saved in your keychain for %1.</source>
        <translation>已为 %1 保存到你的钥匙串中。</translation>
    </message>
    <message>
        <source>Looking for local model servers…</source>
        <translation>正在查找本地模型服务器…</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Double-click to talk to %1 on %2</source>
        <translation>双击以与 %2 上的 %1 对话</translation>
    </message>
    <message>
        <source>Double-click a model to start with it.</source>
        <translation>双击某个模型即可用它开始。</translation>
    </message>
    <message>
        <source>No local model server answered (Ollama at localhost:11434, LM Studio at :1234, llama.cpp at :8080).</source>
        <translation>没有本地模型服务器响应（Ollama 位于 localhost:11434，LM Studio 位于 :1234，llama.cpp 位于 :8080）。</translation>
    </message>
    <message>
        <source>%1: 1 transcript in %2</source>
        <translation>%1：%2 中有 1 份对话记录</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n transcripts in %2</source>
        <translation>
            <numerusform>%1：%2 中有 %n 份对话记录</numerusform>
        </translation>
    </message>
    <message>
        <source>Found on this machine (imported only when you click):</source>
        <translation>在本机上找到（仅在你点击时导入）：</translation>
    </message>
    <message>
        <source>No Claude Code or Codex sessions were found on this machine.</source>
        <translation>本机上没有找到 Claude Code 或 Codex 会话。</translation>
    </message>
    <message>
        <source>Imported sessions: %1, messages: %2.</source>
        <translation>已导入会话：%1，消息：%2。</translation>
    </message>
    <message>
        <source>Not imported: %1 files (the first: %2).</source>
        <translation>未导入：%1 个文件（第一个：%2）。</translation>
    </message>
    <message>
        <source>Local models</source>
        <translation>本地模型</translation>
    </message>
    <message>
        <source>Sessions to import</source>
        <translation>待导入的会话</translation>
    </message>
</context>
<context>
    <name>valis::WindowLayout</name>
    <message>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
</context>
<context>
    <name>valis::cli</name>
    <message>
        <source>Try &apos;valis-cli %1 --help&apos;.</source>
        <translation>请尝试“valis-cli %1 --help”。</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>显示此帮助。</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Context strategies in use (%1):</source>
        <translation>正在使用的上下文策略（%1）：</translation>
    </message>
    <message>
        <source>none: the context is not managed</source>
        <translation>none：不管理上下文</translation>
    </message>
    <message>
        <source>The session whose compactions to show.</source>
        <translation>要显示其压缩情况的会话。</translation>
    </message>
    <message>
        <source>Show the context strategies in use and their settings instead.</source>
        <translation>改为显示正在使用的上下文策略及其设置。</translation>
    </message>
    <message>
        <source>With --settings: the settings for model M.</source>
        <translation>与 --settings 一起使用：模型 M 的设置。</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>输出 JSON。</translation>
    </message>
    <message>
        <source>Pin message ID of the session: never evicted or summarised, carried verbatim after every summary.</source>
        <translation>固定会话中的消息 ID：它永远不会被移出或摘要，并在每次摘要后原样保留。</translation>
    </message>
    <message>
        <source>Unpin message ID.</source>
        <translation>取消固定消息 ID。</translation>
    </message>
    <message>
        <source>name exactly one session (or use --settings)</source>
        <translation>请恰好指定一个会话（或使用 --settings）</translation>
    </message>
    <message>
        <source>session %1 has no message &quot;%2&quot; (valis-cli show %1 --json lists their ids)</source>
        <translation>会话 %1 中没有消息“%2”（valis-cli show %1 --json 会列出消息 ID）</translation>
    </message>
    <message>
        <source>pinned %1</source>
        <translation>已固定 %1</translation>
    </message>
    <message>
        <source>unpinned %1</source>
        <translation>已取消固定 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n compaction(s)</source>
        <translation>
            <numerusform>%1 · %n 次压缩</numerusform>
        </translation>
    </message>
    <message>
        <source>  %1 -&gt; %2 tokens</source>
        <translation>  %1 -&gt; %2 个 token</translation>
    </message>
    <message numerus="yes">
        <source>, %n item(s) moved</source>
        <translation>
            <numerusform>，移动了 %n 个条目</numerusform>
        </translation>
    </message>
    <message>
        <source>, cache: %1 tokens rewritten</source>
        <translation>，缓存：重写了 %1 个 token</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… 还有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Tokens saved: %1 · items moved: %2 · pointers: %3 · cache rewritten: %4 tokens, %5</source>
        <translation>节省的 token：%1 · 移动的条目：%2 · 指针：%3 · 缓存重写：%4 个 token，%5</translation>
    </message>
    <message>
        <source>unknown cost</source>
        <translation>费用未知</translation>
    </message>
    <message>
        <source>Ids of the sessions to export.</source>
        <translation>要导出的会话 ID。</translation>
    </message>
    <message>
        <source>jsonl (lossless, re-importable; default) or markdown.</source>
        <translation>jsonl（无损，可重新导入；默认）或 markdown。</translation>
    </message>
    <message>
        <source>Write to FILE (replaced atomically) instead of standard output.</source>
        <translation>写入 FILE（以原子方式替换），而不是标准输出。</translation>
    </message>
    <message>
        <source>Also export the sessions these started (subagents).</source>
        <translation>同时导出由这些会话启动的会话（子智能体）。</translation>
    </message>
    <message>
        <source>Exports sessions from the session store.</source>
        <translation>从会话存储中导出会话。</translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot;: use jsonl or markdown</source>
        <translation>未知格式“%1”：请使用 jsonl 或 markdown</translation>
    </message>
    <message>
        <source>name at least one session (see &apos;valis-cli sessions&apos;)</source>
        <translation>请至少指定一个会话（参见“valis-cli sessions”）</translation>
    </message>
    <message>
        <source>Words that must all occur; &quot;quoted words&quot; as a phrase; word* as a prefix.</source>
        <translation>必须全部出现的词；&quot;带引号的词&quot; 作为短语；word* 作为前缀。</translation>
    </message>
    <message>
        <source>Keep only hits whose passage matches RE.</source>
        <translation>只保留段落匹配 RE 的结果。</translation>
    </message>
    <message>
        <source>Search one session only.</source>
        <translation>只搜索一个会话。</translation>
    </message>
    <message>
        <source>Only messages of ROLE: system, user, assistant or tool.</source>
        <translation>只显示角色为 ROLE 的消息：system、user、assistant 或 tool。</translation>
    </message>
    <message>
        <source>Only calls of, and results from, the tool NAME.</source>
        <translation>只显示工具 NAME 的调用及其结果。</translation>
    </message>
    <message>
        <source>At most N hits (default 50).</source>
        <translation>最多 N 个结果（默认 50）。</translation>
    </message>
    <message>
        <source>Take WORDS as an SQLite FTS5 query (AND, OR, NOT, NEAR, ...).</source>
        <translation>将 WORDS 作为 SQLite FTS5 查询（AND、OR、NOT、NEAR 等）。</translation>
    </message>
    <message>
        <source>One JSON object per hit.</source>
        <translation>每个结果一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Searches every stored transcript, tool arguments and outputs included. Hits are passages ranked by relevance (bm25), newest part of the record first. Exits with 1 when nothing is found.</source>
        <translation>搜索所有已存储的对话记录，包括工具参数和输出。结果是按相关性（bm25）排序的段落，记录中较新的部分优先。未找到任何内容时以 1 退出。</translation>
    </message>
    <message>
        <source>give words to search for</source>
        <translation>请提供要搜索的词</translation>
    </message>
    <message>
        <source>unknown role &quot;%1&quot;: use system, user, assistant or tool</source>
        <translation>未知角色“%1”：请使用 system、user、assistant 或 tool</translation>
    </message>
    <message>
        <source>--limit needs a positive number</source>
        <translation>--limit 需要一个正数</translation>
    </message>
    <message>
        <source>Transcript files, or folders to search for them.</source>
        <translation>对话记录文件，或要在其中查找对话记录的文件夹。</translation>
    </message>
    <message>
        <source>Read the files as FORMAT instead of detecting it.</source>
        <translation>按 FORMAT 格式读取文件，而不是自动检测。</translation>
    </message>
    <message>
        <source>Read and check the files, store nothing.</source>
        <translation>读取并检查文件，不存储任何内容。</translation>
    </message>
    <message>
        <source>List the formats Valis can import.</source>
        <translation>列出 Valis 可以导入的格式。</translation>
    </message>
    <message>
        <source>Print only errors.</source>
        <translation>只输出错误。</translation>
    </message>
    <message>
        <source>Imports other agents&apos; transcripts into the session store. Each file is imported whole or not at all; importing a file again adds only the messages that are new.</source>
        <translation>将其他智能体的对话记录导入会话存储。每个文件要么整体导入，要么完全不导入；再次导入同一文件时只会添加新消息。</translation>
    </message>
    <message>
        <source>name at least one file or folder to import</source>
        <translation>请至少指定一个要导入的文件或文件夹</translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot; (see --list-formats)</source>
        <translation>未知格式“%1”（参见 --list-formats）</translation>
    </message>
    <message>
        <source>valis-cli import: no transcripts found in %1</source>
        <translation>valis-cli import：在 %1 中未找到对话记录</translation>
    </message>
    <message>
        <source>%1 (%2): %3 sessions, %4 messages, readable</source>
        <translation>%1（%2）：%3 个会话，%4 条消息，可读取</translation>
    </message>
    <message>
        <source>%1 (%2): %3 sessions, %4 new messages, %5 already present, %6 s</source>
        <translation>%1（%2）：%3 个会话，%4 条新消息，%5 条已存在，%6 秒</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>that is not a provider id (such as anthropic, openai, openai-compatible); the key itself is read from standard input</source>
        <translation>这不是提供方 ID（例如 anthropic、openai、openai-compatible）；密钥本身从标准输入读取</translation>
    </message>
    <message>
        <source>API key for %1 (typing is not shown): </source>
        <translation>%1 的 API 密钥（输入内容不会显示）： </translation>
    </message>
    <message>
        <source>no key was given on standard input</source>
        <translation>标准输入中未提供密钥</translation>
    </message>
    <message>
        <source>the key contains spaces or control characters; give the key alone on one line</source>
        <translation>密钥包含空格或控制字符；请在一行中只输入密钥</translation>
    </message>
    <message>
        <source>(account &quot;%1&quot;, shared)</source>
        <translation>（账户“%1”，共用）</translation>
    </message>
    <message>
        <source>Stored the key for %1 in the keychain.</source>
        <translation>已将 %1 的密钥存入钥匙串。</translation>
    </message>
    <message>
        <source>The keychain holds no key for %1.</source>
        <translation>钥匙串中没有 %1 的密钥。</translation>
    </message>
    <message>
        <source>Removed the key for %1 from the keychain.</source>
        <translation>已从钥匙串中删除 %1 的密钥。</translation>
    </message>
    <message>
        <source>not set, and not needed by this provider (the keychain cannot be asked)</source>
        <translation>未设置，且此提供方不需要（无法查询钥匙串）</translation>
    </message>
    <message>
        <source>unknown: the keychain cannot be asked (see below)</source>
        <translation>未知：无法查询钥匙串（见下文）</translation>
    </message>
    <message>
        <source>unknown: the keychain cannot be asked (see below), and %1 is not set</source>
        <translation>未知：无法查询钥匙串（见下文），且未设置 %1</translation>
    </message>
    <message>
        <source>set in the keychain</source>
        <translation>已在钥匙串中设置</translation>
    </message>
    <message>
        <source>%1 is set too, but the keychain comes first</source>
        <translation>%1 也已设置，但钥匙串优先</translation>
    </message>
    <message>
        <source>set in %1</source>
        <translation>已在 %1 中设置</translation>
    </message>
    <message>
        <source>%1, or %2</source>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>not set (%1)</source>
        <translation>未设置（%1）</translation>
    </message>
    <message>
        <source>not set, and not needed by this provider (%1)</source>
        <translation>未设置，且此提供方不需要（%1）</translation>
    </message>
    <message>
        <source>set, remove or status (the default).</source>
        <translation>set、remove 或 status（默认）。</translation>
    </message>
    <message>
        <source>Keeps API keys in the OS keychain. &apos;set PROVIDER&apos; reads the key from standard input (typed without echo at a terminal), never from the command line; &apos;remove PROVIDER&apos; deletes it; &apos;status&apos; shows, for each provider, whether a key is in the keychain or which environment variable supplies it, never the key. openai and openai-responses share one key.</source>
        <translation>将 API 密钥保存在操作系统钥匙串中。“set PROVIDER”从标准输入读取密钥（在终端中输入时不回显），绝不从命令行读取；“remove PROVIDER”删除密钥；“status”针对每个提供方显示钥匙串中是否有密钥，或由哪个环境变量提供密钥，但绝不显示密钥本身。openai 和 openai-responses 共用一个密钥。</translation>
    </message>
    <message>
        <source>unknown action; use set, remove or status</source>
        <translation>未知操作；请使用 set、remove 或 status</translation>
    </message>
    <message>
        <source>name the provider, as in &apos;valis-cli keys %1 anthropic&apos;</source>
        <translation>请指定提供方，例如“valis-cli keys %1 anthropic”</translation>
    </message>
    <message>
        <source>name one provider; the key is read from standard input, never from the command line</source>
        <translation>请指定一个提供方；密钥从标准输入读取，绝不从命令行读取</translation>
    </message>
    <message>
        <source>name one provider</source>
        <translation>请指定一个提供方</translation>
    </message>
    <message>
        <source>Similar keys: %1.</source>
        <translation>相似的键：%1。</translation>
    </message>
    <message>
        <source>Use this store for one run instead of config/memory.json&apos;s: sqlite:PATH or postgresql://USER@HOST:PORT/DATABASE.</source>
        <translation>本次运行使用此存储，而不是 config/memory.json 中的存储：sqlite:PATH 或 postgresql://USER@HOST:PORT/DATABASE。</translation>
    </message>
    <message>
        <source>Only records of agent AGENT.</source>
        <translation>只显示智能体 AGENT 的记录。</translation>
    </message>
    <message>
        <source>Only records of type TYPE (command_output, tool_result, file_content, user_preference, note, memory_file, ...).</source>
        <translation>只显示类型为 TYPE 的记录（command_output、tool_result、file_content、user_preference、note、memory_file 等）。</translation>
    </message>
    <message>
        <source>Only records of session SESSION.</source>
        <translation>只显示会话 SESSION 的记录。</translation>
    </message>
    <message>
        <source>Include inactive records (removed ones and replaced versions of /memories/ files).</source>
        <translation>包括非活动记录（已删除的记录以及 /memories/ 文件被替换的版本）。</translation>
    </message>
    <message>
        <source>One JSON object per record.</source>
        <translation>每条记录一个 JSON 对象。</translation>
    </message>
    <message>
        <source>--%1 needs a number of at least 1</source>
        <translation>--%1 需要一个至少为 1 的数字</translation>
    </message>
    <message>
        <source>(inactive) %1</source>
        <translation>（非活动）%1</translation>
    </message>
    <message>
        <source>KEY</source>
        <translation>键</translation>
    </message>
    <message>
        <source>CREATED</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>TYPE</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>AGENT</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>SIZE</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>LINES</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>SUMMARY</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Only /memories/ files (type memory_file).</source>
        <translation>只显示 /memories/ 文件（类型为 memory_file）。</translation>
    </message>
    <message>
        <source>Show at most N records, newest first (default 50).</source>
        <translation>最多显示 N 条记录，最新的在前（默认 50）。</translation>
    </message>
    <message>
        <source>Lists the memory&apos;s records, newest first.</source>
        <translation>列出记忆中的记录，最新的在前。</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation>意外的参数“%1”</translation>
    </message>
    <message>
        <source>--files lists memory_file records; leave out --type</source>
        <translation>--files 会列出 memory_file 记录；请去掉 --type</translation>
    </message>
    <message>
        <source>No records.</source>
        <translation>没有记录。</translation>
    </message>
    <message>
        <source>There are more records; --limit N shows more.</source>
        <translation>还有更多记录；使用 --limit N 可显示更多。</translation>
    </message>
    <message>
        <source>agent %1</source>
        <translation>智能体 %1</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>inactive</source>
        <translation>非活动</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>metadata: %1</source>
        <translation>元数据：%1</translation>
    </message>
    <message>
        <source>lines %1-%2 of %3</source>
        <translation>第 %1-%2 行，共 %3 行</translation>
    </message>
    <message>
        <source>bytes %1-%2 of %3</source>
        <translation>第 %1-%2 字节，共 %3 字节</translation>
    </message>
    <message>
        <source>%1 more (--offset %2)</source>
        <translation>还有 %1（--offset %2）</translation>
    </message>
    <message>
        <source>%1 more (--bytes %2:%3)</source>
        <translation>还有 %1（--bytes %2:%3）</translation>
    </message>
    <message>
        <source>Start at line N (from 1).</source>
        <translation>从第 N 行开始（从 1 开始计数）。</translation>
    </message>
    <message>
        <source>Print at most N lines.</source>
        <translation>最多输出 N 行。</translation>
    </message>
    <message>
        <source>Print LENGTH bytes from byte OFFSET (from 0).</source>
        <translation>从字节偏移量 OFFSET（从 0 开始计数）处输出 LENGTH 个字节。</translation>
    </message>
    <message>
        <source>The agent whose /memories/ file to show (default: config/tools.json&apos;s).</source>
        <translation>要显示其 /memories/ 文件的智能体（默认：config/tools.json 中的智能体）。</translation>
    </message>
    <message>
        <source>Print the record, the page and the content as one JSON object.</source>
        <translation>将记录、页面和内容作为一个 JSON 对象输出。</translation>
    </message>
    <message>
        <source>A key (m-3f9a2c), a [MemoryRef: ...] or a /memories/ path.</source>
        <translation>键（m-3f9a2c）、[MemoryRef: ...] 或 /memories/ 路径。</translation>
    </message>
    <message>
        <source>Prints a record&apos;s content to standard output exactly as stored; what it is (key, type, summary, size, metadata) goes to standard error.</source>
        <translation>将记录的内容按存储时的原样输出到标准输出；它的说明信息（键、类型、摘要、大小、元数据）输出到标准错误。</translation>
    </message>
    <message>
        <source>name exactly one key</source>
        <translation>请恰好指定一个键</translation>
    </message>
    <message>
        <source>use either --offset/--limit (lines) or --bytes, not both</source>
        <translation>请使用 --offset/--limit（按行）或 --bytes 之一，不要同时使用</translation>
    </message>
    <message>
        <source>--offset and --limit need numbers of at least 1</source>
        <translation>--offset 和 --limit 需要至少为 1 的数字</translation>
    </message>
    <message>
        <source>--bytes needs OFFSET:LENGTH, as in --bytes 0:4096</source>
        <translation>--bytes 需要 OFFSET:LENGTH 格式，例如 --bytes 0:4096</translation>
    </message>
    <message>
        <source>Show at most N hits (default 20).</source>
        <translation>最多显示 N 个结果（默认 20）。</translation>
    </message>
    <message>
        <source>Words that must all occur (the last one as a prefix); &quot;quotes&quot; make a phrase.</source>
        <translation>必须全部出现的词（最后一个作为前缀）；用&quot;引号&quot;组成短语。</translation>
    </message>
    <message>
        <source>Searches summaries, contents and /memories/ paths, best match first.</source>
        <translation>搜索摘要、内容和 /memories/ 路径，最佳匹配在前。</translation>
    </message>
    <message>
        <source>give the words to search for</source>
        <translation>请提供要搜索的词</translation>
    </message>
    <message>
        <source>No record matches.</source>
        <translation>没有匹配的记录。</translation>
    </message>
    <message>
        <source>agent %1 has no /memories/%2</source>
        <translation>智能体 %1 没有 /memories/%2</translation>
    </message>
    <message>
        <source>Delete for good (content included) instead of deactivating.</source>
        <translation>永久删除（包括内容），而不是停用。</translation>
    </message>
    <message>
        <source>The agent whose /memories/ files to remove (default: config/tools.json&apos;s).</source>
        <translation>要删除其 /memories/ 文件的智能体（默认：config/tools.json 中的智能体）。</translation>
    </message>
    <message>
        <source>Keys, [MemoryRef: ...] placeholders or /memories/ paths.</source>
        <translation>键、[MemoryRef: ...] 占位符或 /memories/ 路径。</translation>
    </message>
    <message>
        <source>Deactivates records: they leave list and search but stay readable with &apos;memory show&apos; (a MemoryRef in an old session still opens). --purge deletes them for good.</source>
        <translation>停用记录：它们不再出现在 list 和 search 中，但仍可通过“memory show”读取（旧会话中的 MemoryRef 仍能打开）。--purge 会将其永久删除。</translation>
    </message>
    <message>
        <source>name the keys to remove</source>
        <translation>请指定要删除的键</translation>
    </message>
    <message numerus="yes">
        <source>Purged /memories/%1 of agent %2 (%n version(s)).</source>
        <translation>
            <numerusform>已彻底清除智能体 %2 的 /memories/%1（%n 个版本）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Removed /memories/%1 of agent %2.</source>
        <translation>已删除智能体 %2 的 /memories/%1。</translation>
    </message>
    <message>
        <source>Purged %1.</source>
        <translation>已彻底清除 %1。</translation>
    </message>
    <message>
        <source>%1 was already inactive (--purge deletes it).</source>
        <translation>%1 已处于非活动状态（--purge 会将其删除）。</translation>
    </message>
    <message>
        <source>Deactivated %1 (--purge deletes it).</source>
        <translation>已停用 %1（--purge 会将其删除）。</translation>
    </message>
    <message>
        <source>Says which store is used and how much it holds.</source>
        <translation>说明正在使用哪个存储及其中保存了多少内容。</translation>
    </message>
    <message>
        <source>%1 records (%2), %3 inactive</source>
        <translation>%1 条记录（%2），%3 条非活动</translation>
    </message>
    <message>
        <source>List records, newest first</source>
        <translation>列出记录，最新的在前</translation>
    </message>
    <message>
        <source>Print a record&apos;s content exactly, whole or a page of it</source>
        <translation>原样输出记录的内容，全部或其中一页</translation>
    </message>
    <message>
        <source>Search summaries, contents and /memories/ paths, ranked</source>
        <translation>搜索摘要、内容和 /memories/ 路径，并按相关性排序</translation>
    </message>
    <message>
        <source>Deactivate records or /memories/ files (--purge: delete for good)</source>
        <translation>停用记录或 /memories/ 文件（--purge：永久删除）</translation>
    </message>
    <message>
        <source>Write records with their content as JSONL</source>
        <translation>将记录及其内容写为 JSONL</translation>
    </message>
    <message>
        <source>Read records from an export (from SQLite to PostgreSQL and back)</source>
        <translation>从导出文件中读取记录（从 SQLite 到 PostgreSQL，或反向）</translation>
    </message>
    <message>
        <source>Which store is used and how much it holds</source>
        <translation>正在使用哪个存储及其中保存了多少内容</translation>
    </message>
    <message>
        <source>Usage: valis-cli memory [--store STORE] &lt;subcommand&gt; [options]</source>
        <translation>用法：valis-cli memory [--store STORE] &lt;subcommand&gt; [options]</translation>
    </message>
    <message>
        <source>The memory&apos;s DetailStore: what tools captured, what the agent stored, its /memories/ files.</source>
        <translation>记忆的 DetailStore：工具捕获的内容、智能体存储的内容以及它的 /memories/ 文件。</translation>
    </message>
    <message>
        <source>Subcommands:</source>
        <translation>子命令：</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>Use this store for one run instead of the one config/memory.json names.</source>
        <translation>本次运行使用此存储，而不是 config/memory.json 所指定的存储。</translation>
    </message>
    <message>
        <source>&apos;valis-cli memory &lt;subcommand&gt; --help&apos; shows a subcommand&apos;s options.</source>
        <translation>“valis-cli memory &lt;subcommand&gt; --help”会显示子命令的选项。</translation>
    </message>
    <message>
        <source>--store needs sqlite:PATH or a postgresql:// address</source>
        <translation>--store 需要 sqlite:PATH 或 postgresql:// 地址</translation>
    </message>
    <message>
        <source>unknown subcommand &quot;%1&quot;; use %2</source>
        <translation>未知子命令“%1”；请使用 %2</translation>
    </message>
    <message>
        <source>Export from this store instead of config/memory.json&apos;s: sqlite:PATH or a postgresql:// address.</source>
        <translation>从此存储导出，而不是 config/memory.json 中的存储：sqlite:PATH 或 postgresql:// 地址。</translation>
    </message>
    <message>
        <source>Only records of type TYPE.</source>
        <translation>只包括类型为 TYPE 的记录。</translation>
    </message>
    <message>
        <source>Include inactive records (removed ones, replaced file versions).</source>
        <translation>包括非活动记录（已删除的记录、被替换的文件版本）。</translation>
    </message>
    <message>
        <source>Write to FILE (replaced only once the export is complete) instead of standard output.</source>
        <translation>写入 FILE（仅在导出完成后才替换），而不是标准输出。</translation>
    </message>
    <message>
        <source>Writes records with their content as JSONL, oldest first, after a header line: one JSON object per record, content as the string &quot;content&quot; when it is UTF-8, else as &quot;content_base64&quot;. &apos;memory import&apos; reads it back.</source>
        <translation>将记录及其内容写为 JSONL，最旧的在前，位于一个文件头行之后：每条记录一个 JSON 对象，内容为 UTF-8 时以字符串 &quot;content&quot; 存放，否则以 &quot;content_base64&quot; 存放。“memory import”可将其读回。</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n record(s) from %1</source>
        <translation>
            <numerusform>已从 %1 导出 %n 条记录</numerusform>
        </translation>
    </message>
    <message>
        <source> to %1</source>
        <translation> 到 %1</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>each line must be one JSON object</source>
        <translation>每一行必须是一个 JSON 对象</translation>
    </message>
    <message>
        <source>Import into this store instead of config/memory.json&apos;s: sqlite:PATH or a postgresql:// address.</source>
        <translation>导入到此存储，而不是 config/memory.json 中的存储：sqlite:PATH 或 postgresql:// 地址。</translation>
    </message>
    <message>
        <source>A file written by &apos;valis-cli memory export&apos; (&apos;-&apos;: standard input).</source>
        <translation>由“valis-cli memory export”写入的文件（“-”表示标准输入）。</translation>
    </message>
    <message>
        <source>Reads records written by &apos;memory export&apos; into the store, in the file&apos;s order. The whole file is checked before anything is written; records the store already holds (same key and content) are skipped, so importing twice changes nothing.</source>
        <translation>按文件中的顺序将“memory export”写出的记录读入存储。写入任何内容之前会先检查整个文件；存储中已有的记录（键和内容均相同）会被跳过，因此重复导入不会产生任何变化。</translation>
    </message>
    <message>
        <source>name exactly one file</source>
        <translation>请恰好指定一个文件</translation>
    </message>
    <message>
        <source>not a memory export: the first line must be the header &apos;valis-cli memory export&apos; writes</source>
        <translation>不是记忆导出文件：第一行必须是“valis-cli memory export”写入的文件头</translation>
    </message>
    <message>
        <source>export format version %1; this Valis reads version %2</source>
        <translation>导出格式版本为 %1；此 Valis 读取版本 %2</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>%1: stored as %2 (the key %3 is taken in this store)</source>
        <translation>%1：存储为 %2（键 %3 在此存储中已被占用）</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n record(s) before the failure.</source>
        <translation>
            <numerusform>失败前已导入 %n 条记录。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n record(s) into %1</source>
        <translation>
            <numerusform>已将 %n 条记录导入 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already there</source>
        <translation>
            <numerusform>%n 条已存在</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Model names to look up (any spelling a provider uses).</source>
        <translation>要查找的模型名称（提供方使用的任何写法均可）。</translation>
    </message>
    <message>
        <source>One JSON object per model.</source>
        <translation>每个模型一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Say where the built-in figures come from.</source>
        <translation>说明内置数据的来源。</translation>
    </message>
    <message>
        <source>Lists the model catalogue (context window, output limit, prices per million tokens), or looks names up in it. Your additions and corrections go in %1.</source>
        <translation>列出模型目录（上下文窗口、输出上限、每百万 token 的价格），或在其中查找名称。你的补充和更正请写入 %1。</translation>
    </message>
    <message>
        <source>error: </source>
        <translation>错误：</translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>Built-in figures checked %1 from:</source>
        <translation>内置数据于 %1 核对，来源：</translation>
    </message>
    <message>
        <source>window %1, output %2 tokens</source>
        <translation>窗口 %1，输出 %2 个 token</translation>
    </message>
    <message>
        <source>per million tokens: input %1, output %2, cache write %3, cache read %4</source>
        <translation>每百万 token：输入 %1，输出 %2，缓存写入 %3，缓存读取 %4</translation>
    </message>
    <message>
        <source>MODEL</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>WINDOW</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>OUTPUT</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>INPUT</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>C.WRITE</source>
        <translation>缓存写入</translation>
    </message>
    <message>
        <source>C.READ</source>
        <translation>缓存读取</translation>
    </message>
    <message>
        <source>Disable the plugin that was loading when Valis last died.</source>
        <translation>禁用 Valis 上次意外退出时正在加载的插件。</translation>
    </message>
    <message>
        <source>Only read and check metadata; run no plugin code.</source>
        <translation>只读取并检查元数据；不运行任何插件代码。</translation>
    </message>
    <message>
        <source>Load no plugin (list them only).</source>
        <translation>不加载任何插件（仅列出）。</translation>
    </message>
    <message>
        <source>One JSON object per plugin.</source>
        <translation>每个插件一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Lists the plugins Valis finds, with their state and, for those that cannot run, why. Plugins are loaded to check that they start, unless --no-load.</source>
        <translation>列出 Valis 找到的插件及其状态，对于无法运行的插件说明原因。除非使用 --no-load，否则会加载插件以检查它们能否启动。</translation>
    </message>
    <message>
        <source>no plugin with id &quot;%1&quot; was found</source>
        <translation>未找到 ID 为“%1”的插件</translation>
    </message>
    <message>
        <source>%1 enabled; it loads from the next start.</source>
        <translation>已启用 %1；它将从下次启动时加载。</translation>
    </message>
    <message>
        <source>%1 disabled; it stays off from the next start.</source>
        <translation>已禁用 %1；从下次启动起它将保持关闭。</translation>
    </message>
    <message>
        <source>No plugins found in:</source>
        <translation>在以下位置未找到插件：</translation>
    </message>
    <message>
        <source>A transcript file, in any format &apos;valis-cli import&apos; reads.</source>
        <translation>对话记录文件，可以是“valis-cli import”能读取的任何格式。</translation>
    </message>
    <message>
        <source>The context strategy to replay with: &quot;none&quot; (no management) or the id of a strategy plugin, e.g. progressive.</source>
        <translation>重放时使用的上下文策略：&quot;none&quot;（不管理）或策略插件的 ID，例如 progressive。</translation>
    </message>
    <message>
        <source>Pretend the model&apos;s context window is N tokens (default: the model&apos;s).</source>
        <translation>假定模型的上下文窗口为 N 个 token（默认：模型自身的窗口）。</translation>
    </message>
    <message>
        <source>Count tokens and prices as model M (default: the transcript&apos;s model).</source>
        <translation>按模型 M 计算 token 和价格（默认：对话记录中的模型）。</translation>
    </message>
    <message>
        <source>Put this file in the system prompt as AGENTS.md (default: a built-in sample of about 1.5 KB).</source>
        <translation>将此文件作为 AGENTS.md 放入系统提示（默认：约 1.5 KB 的内置示例）。</translation>
    </message>
    <message>
        <source>How to print the figures: table (default) or json.</source>
        <translation>数据的输出方式：table（默认）或 json。</translation>
    </message>
    <message>
        <source>Also show one row per model request.</source>
        <translation>同时为每次模型请求显示一行。</translation>
    </message>
    <message>
        <source>A setting of the strategy, e.g. evictAt=0.8 (repeatable; see valis-cli context --settings).</source>
        <translation>策略的一项设置，例如 evictAt=0.8（可重复；参见 valis-cli context --settings）。</translation>
    </message>
    <message>
        <source>Replay only this session of the file (a file may hold several).</source>
        <translation>只重放文件中的这个会话（一个文件可能包含多个会话）。</translation>
    </message>
    <message>
        <source>The answer&apos;s room the context keeps free (default: %1 tokens, or the model&apos;s output limit when lower).</source>
        <translation>上下文为回答保留的空间（默认：%1 个 token，若模型的输出上限更低则取该上限）。</translation>
    </message>
    <message>
        <source>Replays a recorded transcript turn by turn through a context strategy and reports what it would have sent and cost: view tokens, peak share of the window, overflows, billed input with cache pricing, cache-read share, prefix invalidations, compactions and how much of what left the view a pointer still reaches. The transcript is imported into a temporary store; your profile is not touched.</source>
        <translation>逐轮次将已记录的对话记录通过上下文策略重放，并报告它本会发送的内容和产生的费用：视图 token 数、占窗口的峰值比例、溢出、按缓存定价计费的输入、缓存读取占比、前缀失效、压缩次数，以及离开视图的内容中仍有多少可通过指针找回。对话记录会被导入临时存储；你的配置文件不受影响。</translation>
    </message>
    <message>
        <source>name exactly one transcript file</source>
        <translation>请恰好指定一个对话记录文件</translation>
    </message>
    <message>
        <source>choose a strategy with --strategy (&quot;none&quot; replays without management)</source>
        <translation>请用 --strategy 选择策略（&quot;none&quot; 表示不加管理地重放）</translation>
    </message>
    <message>
        <source>--report takes table or json, not &quot;%1&quot;</source>
        <translation>--report 只接受 table 或 json，而不是“%1”</translation>
    </message>
    <message>
        <source>--window takes a whole number of tokens, at least 256</source>
        <translation>--window 需要一个至少为 256 的整数 token 数</translation>
    </message>
    <message>
        <source>--max-output-tokens takes a positive whole number</source>
        <translation>--max-output-tokens 需要一个正整数</translation>
    </message>
    <message>
        <source>cannot read the AGENTS.md file %1: %2</source>
        <translation>无法读取 AGENTS.md 文件 %1：%2</translation>
    </message>
    <message>
        <source>no context strategy &quot;%1&quot;; available: %2</source>
        <translation>没有上下文策略“%1”；可用的有：%2</translation>
    </message>
    <message>
        <source>--setting needs a strategy; &quot;none&quot; has no settings</source>
        <translation>--setting 需要策略；&quot;none&quot; 没有设置</translation>
    </message>
    <message>
        <source>cannot create a temporary folder: %1</source>
        <translation>无法创建临时文件夹：%1</translation>
    </message>
    <message>
        <source>%1 has no session &quot;%2&quot;; it has: %3</source>
        <translation>%1 中没有会话“%2”；其中的会话有：%3</translation>
    </message>
    <message>
        <source>%1 holds no session to replay</source>
        <translation>%1 中没有可重放的会话</translation>
    </message>
    <message>
        <source>valis-cli replay: %1: %2</source>
        <translation>valis-cli replay：%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>valis-cli replay: %n session(s) without model answers skipped</source>
        <translation>
            <numerusform>valis-cli replay：跳过了 %n 个没有模型回答的会话</numerusform>
        </translation>
    </message>
    <message>
        <source>import note: %1</source>
        <translation>导入说明：%1</translation>
    </message>
    <message>
        <source>no session of %1 could be replayed</source>
        <translation>%1 中没有任何会话可以重放</translation>
    </message>
    <message>
        <source> (+%1 lines)</source>
        <translation> （另有 %1 行）</translation>
    </message>
    <message>
        <source> (attempt %1)</source>
        <translation> （第 %1 次尝试）</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>, %1 ms: </source>
        <translation>，%1 毫秒：</translation>
    </message>
    <message>
        <source>retrying in %1 s (attempt %2): %3</source>
        <translation>%1 秒后重试（第 %2 次尝试）：%3</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message numerus="yes">
        <source>context %1 by %2: %3 -&gt; %4 tokens, %n item(s) moved</source>
        <translation>
            <numerusform>上下文 %1（策略 %2）：%3 -&gt; %4 个 token，移动了 %n 个条目</numerusform>
        </translation>
    </message>
    <message>
        <source>$%1 + unknown</source>
        <translation>$%1 + 未知</translation>
    </message>
    <message>
        <source>[%1] %2 requests, %3 in + %4 cached, %5 out, cache hits %6%, %7</source>
        <translation>[%1] %2 次请求，输入 %3 + 缓存 %4，输出 %5，缓存命中率 %6%，%7</translation>
    </message>
    <message>
        <source>Allow %1 %2?</source>
        <translation>允许 %1 %2 吗？</translation>
    </message>
    <message>
        <source>  [y] once  [s] for this session  [a] always  [n] no (add a reason after it): </source>
        <translation>  [y] 一次  [s] 本会话  [a] 始终  [n] 否（可在后面附上理由）： </translation>
    </message>
    <message>
        <source>no one was there to approve it (valis-cli run --approve decides what runs unasked)</source>
        <translation>没有人可以批准（valis-cli run --approve 决定哪些调用无需询问即可运行）</translation>
    </message>
    <message>
        <source>  y, s, a or n: </source>
        <translation>  y、s、a 或 n： </translation>
    </message>
    <message>
        <source>not a command for a pending request: %1</source>
        <translation>不是针对待处理请求的命令：%1</translation>
    </message>
    <message>
        <source>no provider &quot;%1&quot;: no provider plugin is running</source>
        <translation>没有提供方“%1”：没有正在运行的提供方插件</translation>
    </message>
    <message>
        <source>no provider &quot;%1&quot;; the providers are: %2</source>
        <translation>没有提供方“%1”；可用的提供方有：%2</translation>
    </message>
    <message>
        <source>  plugin %1 is %2: %3</source>
        <translation>  插件 %1 的状态为 %2：%3</translation>
    </message>
    <message>
        <source>the summary provider in memory.json: %1</source>
        <translation>memory.json 中的摘要提供方：%1</translation>
    </message>
    <message>
        <source>memory.json names the summary provider %1 but no summaryModel</source>
        <translation>memory.json 指定了摘要提供方 %1，但没有指定 summaryModel</translation>
    </message>
    <message>
        <source>The provider: anthropic, openai, openai-responses, openai-compatible, ... (default: the settings&apos; defaultProvider).</source>
        <translation>提供方：anthropic、openai、openai-responses、openai-compatible 等（默认：设置中的 defaultProvider）。</translation>
    </message>
    <message>
        <source>The model (default: the provider&apos;s model in the settings).</source>
        <translation>模型（默认：设置中该提供方的模型）。</translation>
    </message>
    <message>
        <source>The folder the agent works in (default: the current folder).</source>
        <translation>智能体工作的文件夹（默认：当前文件夹）。</translation>
    </message>
    <message>
        <source>Which tool calls run without asking: never, read-only (default) or all. Others are asked on the terminal, or denied when nobody can answer.</source>
        <translation>哪些工具调用无需询问即可运行：never、read-only（默认）或 all。其他调用会在终端中询问，无人应答时则被拒绝。</translation>
    </message>
    <message>
        <source>Send requests here instead (overrides the settings and ANTHROPIC_BASE_URL / OPENAI_BASE_URL / OLLAMA_HOST).</source>
        <translation>改为将请求发送到此处（覆盖设置以及 ANTHROPIC_BASE_URL / OPENAI_BASE_URL / OLLAMA_HOST）。</translation>
    </message>
    <message>
        <source>Continue this session instead of starting a new one.</source>
        <translation>继续此会话，而不是开始新会话。</translation>
    </message>
    <message>
        <source>Use this system prompt instead of the default.</source>
        <translation>使用此系统提示代替默认提示。</translation>
    </message>
    <message>
        <source>At most this many model requests in the turn (default 50).</source>
        <translation>本轮次中最多发出这么多次模型请求（默认 50）。</translation>
    </message>
    <message>
        <source>Stop the turn once it has cost this many US dollars.</source>
        <translation>本轮次花费达到这么多美元时停止。</translation>
    </message>
    <message>
        <source>The output limit of each request (default: the model&apos;s).</source>
        <translation>每次请求的输出上限（默认：模型自身的上限）。</translation>
    </message>
    <message>
        <source>Print the model&apos;s thinking (to standard error).</source>
        <translation>输出模型的思考过程（到标准错误）。</translation>
    </message>
    <message>
        <source>Do not ask the OS keychain for the key; use the environment only.</source>
        <translation>不向操作系统钥匙串查询密钥；只使用环境变量。</translation>
    </message>
    <message>
        <source>Run without the memory store: large tool outputs stay in the context, and /memories/ is a local folder.</source>
        <translation>不使用记忆存储运行：较大的工具输出保留在上下文中，/memories/ 为本地文件夹。</translation>
    </message>
    <message>
        <source>A context strategy setting for this run, e.g. evictAt=0.8 or progressive.offloadTokens=10000 (repeatable; see valis-cli context --settings).</source>
        <translation>本次运行的上下文策略设置，例如 evictAt=0.8 或 progressive.offloadTokens=10000（可重复；参见 valis-cli context --settings）。</translation>
    </message>
    <message>
        <source>What to ask; &quot;-&quot; or nothing reads it from standard input.</source>
        <translation>要提问的内容；为“-”或省略时从标准输入读取。</translation>
    </message>
    <message>
        <source>Runs one turn of an agent session headless: streams the answer, shows tool activity and asks for approvals. The session is stored like any other.</source>
        <translation>以无界面方式运行智能体会话的一个轮次：流式输出回答、显示工具活动并请求批准。该会话会像其他会话一样被存储。</translation>
    </message>
    <message>
        <source>--approve takes never, read-only or all, not &quot;%1&quot;</source>
        <translation>--approve 只接受 never、read-only 或 all，而不是“%1”</translation>
    </message>
    <message>
        <source>--max-steps takes a whole number of at least 1</source>
        <translation>--max-steps 需要一个至少为 1 的整数</translation>
    </message>
    <message>
        <source>--max-cost takes a positive number of US dollars</source>
        <translation>--max-cost 需要一个正数（美元）</translation>
    </message>
    <message>
        <source>the workspace %1 is not a folder</source>
        <translation>工作区 %1 不是文件夹</translation>
    </message>
    <message>
        <source>say what to ask, as an argument or on standard input</source>
        <translation>请说明要提问的内容，作为参数或通过标准输入提供</translation>
    </message>
    <message>
        <source>the prompt is empty</source>
        <translation>提示为空</translation>
    </message>
    <message>
        <source>choose a provider with --provider (or set defaultProvider in %1)</source>
        <translation>请用 --provider 选择提供方（或在 %1 中设置 defaultProvider）</translation>
    </message>
    <message>
        <source>choose a model with --model (or set providers.%1.model in %2)</source>
        <translation>请用 --model 选择模型（或在 %2 中设置 providers.%1.model）</translation>
    </message>
    <message>
        <source>finishing the summary of the oldest turns...</source>
        <translation>正在完成最早几个轮次的摘要...</translation>
    </message>
    <message>
        <source>… %1 more lines (--full shows everything)</source>
        <translation>… 还有 %1 行（--full 显示全部内容）</translation>
    </message>
    <message>
        <source>(thinking)</source>
        <translation>（思考过程）</translation>
    </message>
    <message>
        <source>[redacted]</source>
        <translation>[已隐去]</translation>
    </message>
    <message>
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source> (error)</source>
        <translation> （错误）</translation>
    </message>
    <message>
        <source>[image %1 %2]</source>
        <translation>[图片 %1 %2]</translation>
    </message>
    <message>
        <source>Only sessions from ORIGIN (valis, claude-code, codex, ...).</source>
        <translation>只显示来源为 ORIGIN 的会话（valis、claude-code、codex 等）。</translation>
    </message>
    <message>
        <source>Include archived sessions.</source>
        <translation>包括已归档的会话。</translation>
    </message>
    <message>
        <source>Show at most N sessions, newest first.</source>
        <translation>最多显示 N 个会话，最新的在前。</translation>
    </message>
    <message>
        <source>One JSON object per session.</source>
        <translation>每个会话一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Lists the sessions of the store, most recently active first.</source>
        <translation>列出存储中的会话，最近活动的在前。</translation>
    </message>
    <message>
        <source>--limit needs a number</source>
        <translation>--limit 需要一个数字</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>UPDATED</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>MSGS</source>
        <translation>消息数</translation>
    </message>
    <message>
        <source>ORIGIN</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>TITLE</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>The session to print.</source>
        <translation>要输出的会话。</translation>
    </message>
    <message>
        <source>Start at message number SEQ.</source>
        <translation>从序号为 SEQ 的消息开始。</translation>
    </message>
    <message>
        <source>Print at most N messages.</source>
        <translation>最多输出 N 条消息。</translation>
    </message>
    <message>
        <source>Print long texts and tool outputs whole.</source>
        <translation>完整输出长文本和工具输出。</translation>
    </message>
    <message>
        <source>One JSON object per message, in the record&apos;s own form.</source>
        <translation>每条消息一个 JSON 对象，采用记录自身的格式。</translation>
    </message>
    <message>
        <source>Prints a session&apos;s messages.</source>
        <translation>输出会话的消息。</translation>
    </message>
    <message>
        <source>name exactly one session</source>
        <translation>请恰好指定一个会话</translation>
    </message>
    <message>
        <source>--from and --count need numbers</source>
        <translation>--from 和 --count 需要数字</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 messages</source>
        <translation>%1 · %2 · %3 条消息</translation>
    </message>
    <message>
        <source>cannot read standard input</source>
        <translation>无法读取标准输入</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>The text to count; &quot;-&quot; or nothing reads standard input.</source>
        <translation>要计数的文本；为“-”或省略时读取标准输入。</translation>
    </message>
    <message>
        <source>The encoding: o200k_base (default) or cl100k_base.</source>
        <translation>编码：o200k_base（默认）或 cl100k_base。</translation>
    </message>
    <message>
        <source>Count as model M does: exactly where its tokenizer is public, else with the calibrated estimate.</source>
        <translation>按模型 M 的方式计数：若其分词器公开则精确计数，否则使用校准后的估算。</translation>
    </message>
    <message>
        <source>Print the token ids too.</source>
        <translation>同时输出 token ID。</translation>
    </message>
    <message>
        <source>Counts the tokens of a text: exactly for OpenAI&apos;s public encodings (o200k_base, cl100k_base), as an estimate for models whose tokenizer is not public.</source>
        <translation>统计文本的 token 数：对 OpenAI 的公开编码（o200k_base、cl100k_base）精确计数，对分词器未公开的模型给出估算值。</translation>
    </message>
    <message>
        <source>choose --encoding or --model, not both</source>
        <translation>请选择 --encoding 或 --model，不要同时使用</translation>
    </message>
    <message>
        <source>name at most one file</source>
        <translation>最多指定一个文件</translation>
    </message>
    <message>
        <source>%1 has no public tokenizer, so there are no ids to show; its count is an estimate (leave out --ids)</source>
        <translation>%1 没有公开的分词器，因此无法显示 ID；其计数为估算值（请去掉 --ids）</translation>
    </message>
    <message>
        <source>the text is not valid UTF-8; convert it first (for example with iconv)</source>
        <translation>文本不是有效的 UTF-8；请先转换（例如使用 iconv）</translation>
    </message>
    <message>
        <source>(an estimate: %1 has no public tokenizer)</source>
        <translation>（估算值：%1 没有公开的分词器）</translation>
    </message>
    <message>
        <source>Print every tool with its full description and JSON schema.</source>
        <translation>输出每个工具及其完整描述和 JSON 架构。</translation>
    </message>
    <message>
        <source>Lists the tools the agent is offered (from the installed tool plugins, limited to the tool pack), with their input schemas.</source>
        <translation>列出提供给智能体的工具（来自已安装的工具插件，并受工具包限制）及其输入架构。</translation>
    </message>
    <message>
        <source>read-only  </source>
        <translation>只读       </translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s), pack &quot;%1&quot;; %2</source>
        <translation>
            <numerusform>%n 个工具，工具包“%1”；%2</numerusform>
        </translation>
    </message>
    <message>
        <source>warning: two tools share a name: %1</source>
        <translation>警告：有两个工具同名：%1</translation>
    </message>
    <message>
        <source>The call&apos;s arguments as a JSON object (default {}); @FILE reads them from FILE, - from standard input.</source>
        <translation>调用参数，为 JSON 对象（默认 {}）；@FILE 从 FILE 读取，- 从标准输入读取。</translation>
    </message>
    <message>
        <source>The folder the tool works in (default: the current folder).</source>
        <translation>工具工作的文件夹（默认：当前文件夹）。</translation>
    </message>
    <message>
        <source>Print the result as the record&apos;s JSON (a tool_result part).</source>
        <translation>以记录的 JSON 格式（tool_result 部分）输出结果。</translation>
    </message>
    <message>
        <source>Call it in this session: its /context/ (what its context strategies moved out) and its record for search_history.</source>
        <translation>在此会话中调用：使用它的 /context/（其上下文策略移出的内容）以及供 search_history 使用的记录。</translation>
    </message>
    <message>
        <source>The tool to call (see valis-cli tools).</source>
        <translation>要调用的工具（参见 valis-cli tools）。</translation>
    </message>
    <message>
        <source>Calls one tool exactly as the agent would: the same orchestrator, sandbox and path confinement, with this call approved by you (approval rules that deny the tool still apply). Prints the result the model would see; exits 1 when it is an error.</source>
        <translation>完全按智能体的方式调用一个工具：相同的编排器、沙箱和路径限制，并由你批准本次调用（拒绝该工具的批准规则仍然有效）。输出模型会看到的结果；结果为错误时以 1 退出。</translation>
    </message>
    <message>
        <source>name exactly one tool</source>
        <translation>请恰好指定一个工具</translation>
    </message>
    <message>
        <source>--args is not valid JSON: %1 (at byte %2)</source>
        <translation>--args 不是有效的 JSON：%1（位于第 %2 字节）</translation>
    </message>
    <message>
        <source>--args must be a JSON object</source>
        <translation>--args 必须是 JSON 对象</translation>
    </message>
    <message>
        <source>there is no tool &quot;%1&quot; in pack &quot;%2&quot;; the tools are: %3</source>
        <translation>工具包“%2”中没有工具“%1”；可用的工具有：%3</translation>
    </message>
    <message>
        <source>warning: memory is off: %1</source>
        <translation>警告：记忆已关闭：%1</translation>
    </message>
    <message>
        <source>[image %1, %2 bytes]</source>
        <translation>[图片 %1，%2 字节]</translation>
    </message>
    <message>
        <source>Run one agent turn headless: stream the answer, show tool calls, ask for approvals</source>
        <translation>以无界面方式运行智能体的一个轮次：流式输出回答、显示工具调用并请求批准</translation>
    </message>
    <message>
        <source>Import agent transcripts (Claude Code, Codex, SWE-agent, OpenHands, Aider, Valis JSONL)</source>
        <translation>导入智能体对话记录（Claude Code、Codex、SWE-agent、OpenHands、Aider、Valis JSONL）</translation>
    </message>
    <message>
        <source>Export sessions as lossless JSONL or readable Markdown</source>
        <translation>将会话导出为无损 JSONL 或易读的 Markdown</translation>
    </message>
    <message>
        <source>List sessions</source>
        <translation>列出会话</translation>
    </message>
    <message>
        <source>Print a session&apos;s messages</source>
        <translation>输出会话的消息</translation>
    </message>
    <message>
        <source>Search all transcripts, tool outputs included, ranked</source>
        <translation>搜索所有对话记录（包括工具输出），并按相关性排序</translation>
    </message>
    <message>
        <source>List plugins with their state and errors; enable or disable one</source>
        <translation>列出插件及其状态和错误；启用或禁用插件</translation>
    </message>
    <message>
        <source>List known models or look names up in the model catalogue</source>
        <translation>列出已知模型，或在模型目录中查找名称</translation>
    </message>
    <message>
        <source>Store, remove or check API keys in the OS keychain</source>
        <translation>在操作系统钥匙串中存储、删除或检查 API 密钥</translation>
    </message>
    <message>
        <source>List the tools the agent is offered, with their schemas</source>
        <translation>列出提供给智能体的工具及其架构</translation>
    </message>
    <message>
        <source>Call one tool exactly as the agent would</source>
        <translation>完全按智能体的方式调用一个工具</translation>
    </message>
    <message>
        <source>List, show, search, remove, export and import the memory&apos;s records</source>
        <translation>列出、显示、搜索、删除、导出和导入记忆中的记录</translation>
    </message>
    <message>
        <source>Count the tokens of a text exactly (o200k_base, cl100k_base) or estimate them for a model</source>
        <translation>精确统计文本的 token 数（o200k_base、cl100k_base），或按某个模型进行估算</translation>
    </message>
    <message>
        <source>Show what context compaction did in a session, or the strategies&apos; settings</source>
        <translation>显示上下文压缩在会话中做了什么，或显示各策略的设置</translation>
    </message>
    <message>
        <source>Replay a transcript through a context strategy and report tokens, cost, cache use and compactions</source>
        <translation>通过上下文策略重放对话记录，并报告 token、费用、缓存使用情况和压缩情况</translation>
    </message>
    <message>
        <source>Usage: valis-cli [--home DIR] &lt;command&gt; [options]</source>
        <translation>用法：valis-cli [--home DIR] &lt;command&gt; [options]</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Global options:</source>
        <translation>全局选项：</translation>
    </message>
    <message>
        <source>Use DIR for all of Valis&apos;s files instead of the standard locations (also: VALIS_HOME)</source>
        <translation>将 Valis 的所有文件保存在 DIR 中，而不是标准位置（也可用 VALIS_HOME 指定）</translation>
    </message>
    <message>
        <source>Show this help; &apos;valis-cli &lt;command&gt; --help&apos; shows a command&apos;s</source>
        <translation>显示此帮助；“valis-cli &lt;command&gt; --help”显示某个命令的帮助</translation>
    </message>
    <message>
        <source>--home needs a folder</source>
        <translation>--home 需要一个文件夹</translation>
    </message>
    <message>
        <source>valis-cli: unknown command &quot;%1&quot;.</source>
        <translation>valis-cli：未知命令“%1”。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is missing</source>
        <translation>缺少 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>&quot;%1&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>&quot;agent_id&quot; must not be empty</source>
        <translation>&quot;agent_id&quot; 不能为空</translation>
    </message>
    <message>
        <source>&quot;type&quot; must not be empty</source>
        <translation>&quot;type&quot; 不能为空</translation>
    </message>
    <message>
        <source>&quot;created_at&quot; must be an ISO 8601 time</source>
        <translation>&quot;created_at&quot; 必须是 ISO 8601 时间</translation>
    </message>
    <message>
        <source>&quot;metadata&quot; must be an object</source>
        <translation>&quot;metadata&quot; 必须是对象</translation>
    </message>
    <message>
        <source>&quot;active&quot; must be true or false</source>
        <translation>&quot;active&quot; 必须是 true 或 false</translation>
    </message>
    <message>
        <source>a record needs exactly one of &quot;content&quot; and &quot;content_base64&quot;</source>
        <translation>一条记录必须恰好包含 &quot;content&quot; 和 &quot;content_base64&quot; 中的一个</translation>
    </message>
    <message>
        <source>&quot;content&quot; must be a string</source>
        <translation>&quot;content&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>&quot;content_base64&quot; must be a string</source>
        <translation>&quot;content_base64&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>&quot;content_base64&quot; is not valid base64</source>
        <translation>&quot;content_base64&quot; 不是有效的 base64</translation>
    </message>
    <message>
        <source>the content does not match its sha256: the file was changed or cut</source>
        <translation>内容与其 sha256 不符：文件已被修改或截断</translation>
    </message>
    <message>
        <source>--store sqlite: needs a file, as in sqlite:team-memory.db</source>
        <translation>--store sqlite: 需要一个文件，例如 sqlite:team-memory.db</translation>
    </message>
    <message>
        <source>--store takes sqlite:PATH or a postgresql:// address</source>
        <translation>--store 需要 sqlite:PATH 或 postgresql:// 地址</translation>
    </message>
    <message>
        <source>(No password was given: the address, VALIS_MEMORY_PASSWORD and PGPASSWORD have none, and the keychain could not be asked: %1)</source>
        <translation>（未提供密码：地址、VALIS_MEMORY_PASSWORD 和 PGPASSWORD 中都没有密码，且无法查询钥匙串：%1）</translation>
    </message>
    <message>
        <source>Where commands run: bwrap (isolated, the default), none (isolation OFF: plain processes with your permissions), or a sandbox id.</source>
        <translation>命令的运行位置：bwrap（隔离，默认）、none（关闭隔离：以你的权限作为普通进程运行）或沙箱 ID。</translation>
    </message>
    <message>
        <source>Whether commands may reach the network: on or off (default: the settings&apos;, off).</source>
        <translation>命令是否可以访问网络：on 或 off（默认：取设置中的值，即 off）。</translation>
    </message>
    <message>
        <source>The tool pack: core, file-ops, research, all, or one of your own (default: the settings&apos;, all).</source>
        <translation>工具包：core、file-ops、research、all 或你自己的工具包（默认：取设置中的值，即 all）。</translation>
    </message>
    <message>
        <source>--network takes on or off, not &quot;%1&quot;</source>
        <translation>--network 只接受 on 或 off，而不是“%1”</translation>
    </message>
    <message>
        <source>--sandbox needs a value: bwrap, none or a sandbox id</source>
        <translation>--sandbox 需要一个值：bwrap、none 或沙箱 ID</translation>
    </message>
    <message>
        <source>Print every branch of an edited or regenerated conversation, not only the one the session shows.</source>
        <translation>输出经编辑或重新生成的对话的所有分支，而不只是会话当前显示的那一个。</translation>
    </message>
    <message>
        <source>looked on PATH: %1</source>
        <translation>已在 PATH 中查找：%1</translation>
    </message>
    <message>
        <source>and on your login shell&apos;s PATH: %1</source>
        <translation>以及你的登录 shell 的 PATH：%1</translation>
    </message>
    <message>
        <source>(none found)</source>
        <translation>（未找到）</translation>
    </message>
    <message>
        <source>The configured servers, and entries that cannot be read</source>
        <translation>已配置的服务器，以及无法读取的条目</translation>
    </message>
    <message>
        <source>Add a server: NAME -- COMMAND [ARGS...] or NAME --url URL</source>
        <translation>添加服务器：NAME -- COMMAND [ARGS...] 或 NAME --url URL</translation>
    </message>
    <message>
        <source>Remove a server</source>
        <translation>移除服务器</translation>
    </message>
    <message>
        <source>Import servers from Claude Desktop, a project&apos;s .mcp.json or Codex</source>
        <translation>从 Claude Desktop、项目的 .mcp.json 或 Codex 导入服务器</translation>
    </message>
    <message>
        <source>Start a server and report what it is, or why it fails</source>
        <translation>启动服务器并报告其信息或失败原因</translation>
    </message>
    <message>
        <source>A server&apos;s tools: names, hints, whether offered, token cost</source>
        <translation>服务器的工具：名称、提示、是否提供、token 开销</translation>
    </message>
    <message>
        <source>Call one of a server&apos;s tools and print its result</source>
        <translation>调用服务器的某个工具并输出其结果</translation>
    </message>
    <message>
        <source>A server&apos;s resources (or resource templates)</source>
        <translation>服务器的资源（或资源模板）</translation>
    </message>
    <message>
        <source>Read one resource</source>
        <translation>读取一个资源</translation>
    </message>
    <message>
        <source>A server&apos;s prompts and their arguments</source>
        <translation>服务器的提示词及其参数</translation>
    </message>
    <message>
        <source>Get one prompt with arguments and print its messages</source>
        <translation>带参数获取一个提示词并输出其消息</translation>
    </message>
    <message>
        <source>Sign in to an HTTP server (OAuth, in the browser)</source>
        <translation>登录 HTTP 服务器（OAuth，在浏览器中）</translation>
    </message>
    <message>
        <source>Forget an HTTP server&apos;s OAuth tokens</source>
        <translation>忘记 HTTP 服务器的 OAuth 令牌</translation>
    </message>
    <message>
        <source>Usage: valis-cli mcp &lt;subcommand&gt; [options]</source>
        <translation>用法：valis-cli mcp &lt;subcommand&gt; [options]</translation>
    </message>
    <message>
        <source>The MCP servers whose tools the agent is offered, configured in %1.</source>
        <translation>其工具会提供给智能体的 MCP 服务器，在 %1 中配置。</translation>
    </message>
    <message>
        <source>&apos;valis-cli mcp &lt;subcommand&gt; --help&apos; shows a subcommand&apos;s options.</source>
        <translation>“valis-cli mcp &lt;subcommand&gt; --help”会显示子命令的选项。</translation>
    </message>
    <message>
        <source>start %1 s, calls %2 s (at most %3 s)</source>
        <translation>启动 %1 秒，调用 %2 秒（最多 %3 秒）</translation>
    </message>
    <message>
        <source>%1 takes NAME=VALUE, not &quot;%2&quot;</source>
        <translation>%1 需要 NAME=VALUE，而不是“%2”</translation>
    </message>
    <message>
        <source>%1 takes NAME:VALUE, not &quot;%2&quot;</source>
        <translation>%1 需要 NAME:VALUE，而不是“%2”</translation>
    </message>
    <message>
        <source>%1 takes a whole number of seconds above 0</source>
        <translation>%1 需要一个大于 0 的整数秒数</translation>
    </message>
    <message>
        <source>note: %1 is relative to the folder the server starts in; give its full path, or --cwd %2, to start it from anywhere</source>
        <translation>注：%1 是相对于服务器启动所在文件夹的路径；请给出其完整路径，或使用 --cwd %2，以便从任何位置启动</translation>
    </message>
    <message>
        <source>Print the servers as JSON, as config/mcp.json holds them.</source>
        <translation>以 JSON 格式输出服务器，与 config/mcp.json 中的内容一致。</translation>
    </message>
    <message>
        <source>Lists the configured MCP servers: what each runs or where it is, whether it is enabled, its time limits; and every entry of the file that cannot be read, with the reason.</source>
        <translation>列出已配置的 MCP 服务器：每个服务器运行什么或位于何处、是否启用、其时间限制；以及文件中每个无法读取的条目及原因。</translation>
    </message>
    <message>
        <source>takes no arguments</source>
        <translation>不接受参数</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>已禁用</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必需</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>受信任</translation>
    </message>
    <message>
        <source>No MCP servers in %1 (add one with valis-cli mcp add, or import them with valis-cli mcp import).</source>
        <translation>%1 中没有 MCP 服务器（可用 valis-cli mcp add 添加，或用 valis-cli mcp import 导入）。</translation>
    </message>
    <message>
        <source>Entries that cannot be read (kept in the file as they are):</source>
        <translation>无法读取的条目（原样保留在文件中）：</translation>
    </message>
    <message>
        <source>An environment variable for the server (repeatable); ${VAR} and ${VAR:-default} expand when it starts.</source>
        <translation>服务器的环境变量（可重复）；${VAR} 和 ${VAR:-default} 在启动时展开。</translation>
    </message>
    <message>
        <source>The folder the server starts in.</source>
        <translation>服务器启动时所在的文件夹。</translation>
    </message>
    <message>
        <source>Seconds it may take to get ready (default 30).</source>
        <translation>就绪所允许的秒数（默认 30）。</translation>
    </message>
    <message>
        <source>Seconds a tool call may take without progress (default 300).</source>
        <translation>工具调用在无进度时允许的秒数（默认 300）。</translation>
    </message>
    <message>
        <source>Add it switched off.</source>
        <translation>添加后处于禁用状态。</translation>
    </message>
    <message>
        <source>Believe its tools&apos; hints (read-only tools then run without asking).</source>
        <translation>相信其工具的提示（只读工具随后将无需询问即可运行）。</translation>
    </message>
    <message>
        <source>valis-cli run does not start without it.</source>
        <translation>没有它 valis-cli run 不会启动。</translation>
    </message>
    <message>
        <source>Overwrite a server of the same name.</source>
        <translation>覆盖同名服务器。</translation>
    </message>
    <message>
        <source>An HTTP server (Streamable HTTP, or the older HTTP+SSE) at this address.</source>
        <translation>位于此地址的 HTTP 服务器（Streamable HTTP 或较旧的 HTTP+SSE）。</translation>
    </message>
    <message>
        <source>An HTTP header to send (repeatable); ${VAR} expands.</source>
        <translation>要发送的 HTTP 请求头（可重复）；${VAR} 会展开。</translation>
    </message>
    <message>
        <source>Send the bearer token this environment variable holds.</source>
        <translation>发送此环境变量中保存的 Bearer 令牌。</translation>
    </message>
    <message>
        <source>A pre-registered OAuth client id.</source>
        <translation>预先注册的 OAuth 客户端 ID。</translation>
    </message>
    <message>
        <source>The environment variable holding that client&apos;s secret.</source>
        <translation>保存该客户端密钥的环境变量。</translation>
    </message>
    <message>
        <source>An OAuth scope to ask for when the server names none (repeatable).</source>
        <translation>服务器未指定时要申请的 OAuth 范围（可重复）。</translation>
    </message>
    <message>
        <source>The server&apos;s name: letters, digits, &apos;-&apos; and &apos;_&apos;, at most 64.</source>
        <translation>服务器名称：字母、数字、“-”和“_”，最多 64 个。</translation>
    </message>
    <message>
        <source>After --: the command that starts a stdio server, with its arguments.</source>
        <translation>-- 之后：启动 stdio 服务器的命令及其参数。</translation>
    </message>
    <message>
        <source>Adds an MCP server to config/mcp.json: a local one started with a command (stdio), or a remote one at a URL (HTTP). A command that cannot be found now is a warning, not a refusal.</source>
        <translation>向 config/mcp.json 添加 MCP 服务器：用命令启动的本地服务器（stdio），或位于某个 URL 的远程服务器（HTTP）。当前找不到的命令只会产生警告，不会被拒绝。</translation>
    </message>
    <message>
        <source>name the server</source>
        <translation>请指定服务器</translation>
    </message>
    <message>
        <source>the name &quot;%1&quot; may hold only letters, digits, &apos;-&apos; and &apos;_&apos; (at most 64)</source>
        <translation>名称“%1”只能包含字母、数字、“-”和“_”（最多 64 个）</translation>
    </message>
    <message>
        <source>give either --url or a command after --, not both</source>
        <translation>请给出 --url 或 -- 之后的命令之一，不要同时给出</translation>
    </message>
    <message>
        <source>give the command after --, e.g. valis-cli mcp add NAME -- npx -y PACKAGE; or --url URL</source>
        <translation>请在 -- 之后给出命令，例如 valis-cli mcp add NAME -- npx -y PACKAGE；或使用 --url URL</translation>
    </message>
    <message>
        <source>--%1 is for servers started with a command</source>
        <translation>--%1 用于通过命令启动的服务器</translation>
    </message>
    <message>
        <source>--%1 is for HTTP servers (--url)</source>
        <translation>--%1 用于 HTTP 服务器（--url）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// address</source>
        <translation>“%1”不是 http:// 或 https:// 地址</translation>
    </message>
    <message>
        <source>there is a server named &quot;%1&quot; already (%2); --replace overwrites it</source>
        <translation>已存在名为“%1”的服务器（%2）；--replace 会覆盖它</translation>
    </message>
    <message>
        <source>an entry that cannot be read</source>
        <translation>一个无法读取的条目</translation>
    </message>
    <message>
        <source>Replaced %1: %2</source>
        <translation>已替换 %1：%2</translation>
    </message>
    <message>
        <source>Added %1: %2</source>
        <translation>已添加 %1：%2</translation>
    </message>
    <message>
        <source>The server to remove.</source>
        <translation>要移除的服务器。</translation>
    </message>
    <message>
        <source>Removes an MCP server from config/mcp.json.</source>
        <translation>从 config/mcp.json 中移除 MCP 服务器。</translation>
    </message>
    <message>
        <source>name exactly one server</source>
        <translation>请恰好指定一个服务器</translation>
    </message>
    <message>
        <source>there is no MCP server &quot;%1&quot;</source>
        <translation>没有 MCP 服务器“%1”</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>已移除 %1。</translation>
    </message>
    <message>
        <source>%1 (from %2) would run: %3</source>
        <translation>%1（来自 %2）将运行：%3</translation>
    </message>
    <message>
        <source> (an HTTP server)</source>
        <translation>（HTTP 服务器）</translation>
    </message>
    <message>
        <source>  Import it? [y/n]: </source>
        <translation>  要导入吗？[y/n]： </translation>
    </message>
    <message>
        <source>Overwrite servers of the same name.</source>
        <translation>覆盖同名服务器。</translation>
    </message>
    <message>
        <source>Import a project&apos;s .mcp.json without asking (it can run any command: read it first).</source>
        <translation>不经询问直接导入项目的 .mcp.json（它可以运行任何命令：请先阅读其内容）。</translation>
    </message>
    <message>
        <source>claude_desktop_config.json, a project&apos;s .mcp.json or Codex&apos;s config.toml (default: those found on this machine, and ./.mcp.json).</source>
        <translation>claude_desktop_config.json、项目的 .mcp.json 或 Codex 的 config.toml（默认：本机上找到的这些文件，以及 ./.mcp.json）。</translation>
    </message>
    <message>
        <source>Imports MCP servers from Claude Desktop, Claude Code (.mcp.json) and Codex (config.toml). A project&apos;s .mcp.json is asked about server by server on a terminal, and refused without one unless --yes.</source>
        <translation>从 Claude Desktop、Claude Code（.mcp.json）和 Codex（config.toml）导入 MCP 服务器。对于项目的 .mcp.json，会在终端中逐个服务器询问；没有终端时会拒绝导入，除非使用 --yes。</translation>
    </message>
    <message>
        <source>found no configuration to import; looked at %1</source>
        <translation>未找到可导入的配置；已查看 %1</translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>valis-cli %1: refused %2: a project&apos;s .mcp.json can run any command; run this on a terminal to choose server by server, or pass --yes to take them all</source>
        <translation>valis-cli %1：已拒绝 %2：项目的 .mcp.json 可以运行任何命令；请在终端中运行以逐个选择服务器，或传入 --yes 全部导入</translation>
    </message>
    <message>
        <source>skipped %1 from %2: a server of that name exists (--replace overwrites it)</source>
        <translation>已跳过来自 %2 的 %1：已存在同名服务器（--replace 会覆盖它）</translation>
    </message>
    <message>
        <source>skipped %1 from %2: not confirmed</source>
        <translation>已跳过来自 %2 的 %1：未确认</translation>
    </message>
    <message>
        <source>imported %1 from %2: %3</source>
        <translation>已从 %2 导入 %1：%3</translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) imported into %1</source>
        <translation>
            <numerusform>已将 %n 个服务器导入 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>The HTTP server.</source>
        <translation>HTTP 服务器。</translation>
    </message>
    <message>
        <source>Signs in to an HTTP MCP server with OAuth: the sign-in page opens in the browser (its address is printed too); the tokens are kept in the OS keychain and used by every session.</source>
        <translation>通过 OAuth 登录 HTTP MCP 服务器：登录页面会在浏览器中打开（同时输出其地址）；令牌保存在操作系统钥匙串中，供每个会话使用。</translation>
    </message>
    <message>
        <source>Forgets the OAuth tokens of an HTTP MCP server (and its registration, when no other server of the same authorization server uses it).</source>
        <translation>忘记 HTTP MCP 服务器的 OAuth 令牌（若同一授权服务器下没有其他服务器使用其注册信息，则一并忘记注册信息）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; runs over stdio; only HTTP servers sign in</source>
        <translation>“%1”通过 stdio 运行；只有 HTTP 服务器需要登录</translation>
    </message>
    <message>
        <source>&quot;%1&quot; sends the bearer token of %2 and never signs in; remove its bearerTokenEnvVar to use OAuth</source>
        <translation>“%1”发送 %2 中的 Bearer 令牌，从不登录；如要使用 OAuth，请删除其 bearerTokenEnvVar</translation>
    </message>
    <message>
        <source>interrupted (Ctrl-C)</source>
        <translation>已中断（Ctrl-C）</translation>
    </message>
    <message>
        <source>Signed in to %1 (authorization server %2%3).</source>
        <translation>已登录 %1（授权服务器 %2%3）。</translation>
    </message>
    <message>
        <source>; scopes: %1</source>
        <translation>；范围：%1</translation>
    </message>
    <message>
        <source>Signed out of %1.</source>
        <translation>已退出 %1。</translation>
    </message>
    <message>
        <source>give the server and exactly one more argument</source>
        <translation>请指定服务器和恰好一个额外参数</translation>
    </message>
    <message>
        <source>%1 offers no %2.</source>
        <translation>%1 不提供 %2。</translation>
    </message>
    <message>
        <source>List the resource templates (URIs with {placeholders}) instead.</source>
        <translation>改为列出资源模板（带 {占位符} 的 URI）。</translation>
    </message>
    <message>
        <source>Print them as the server lists them.</source>
        <translation>按服务器列出的原样输出。</translation>
    </message>
    <message>
        <source>The server.</source>
        <translation>服务器。</translation>
    </message>
    <message>
        <source>Lists a server&apos;s resources (or resource templates).</source>
        <translation>列出服务器的资源（或资源模板）。</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message numerus="yes">
        <source>%n resource template(s)</source>
        <translation>
            <numerusform>%n 个资源模板</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n resource(s)</source>
        <translation>
            <numerusform>%n 个资源</numerusform>
        </translation>
    </message>
    <message>
        <source>Write the content to FILE (needed for binary content).</source>
        <translation>将内容写入 FILE（二进制内容必须如此）。</translation>
    </message>
    <message>
        <source>The resource&apos;s URI (see valis-cli mcp resources).</source>
        <translation>资源的 URI（参见 valis-cli mcp resources）。</translation>
    </message>
    <message>
        <source>Reads one resource: text goes to standard output; binary content is written with -o FILE, or only described.</source>
        <translation>读取一个资源：文本输出到标准输出；二进制内容用 -o FILE 写入文件，否则只做描述。</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>wrote %n byte(s) to %1</source>
        <translation>
            <numerusform>已向 %1 写入 %n 字节</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%1: binary, %2, %n byte(s); write it with -o FILE]</source>
        <translation>
            <numerusform>[%1：二进制，%2，%n 字节；请用 -o FILE 写入]</numerusform>
        </translation>
    </message>
    <message>
        <source>type unknown</source>
        <translation>类型未知</translation>
    </message>
    <message>
        <source>Lists a server&apos;s prompts and their arguments.</source>
        <translation>列出服务器的提示词及其参数。</translation>
    </message>
    <message>
        <source> (required)</source>
        <translation>（必填）</translation>
    </message>
    <message>
        <source>arguments: %1</source>
        <translation>参数：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s)</source>
        <translation>
            <numerusform>%n 个提示词</numerusform>
        </translation>
    </message>
    <message>
        <source>An argument of the prompt (repeatable).</source>
        <translation>提示词的参数（可重复）。</translation>
    </message>
    <message>
        <source>Print the server&apos;s answer (GetPromptResult) as JSON.</source>
        <translation>以 JSON 格式输出服务器的应答（GetPromptResult）。</translation>
    </message>
    <message>
        <source>The prompt (see valis-cli mcp prompts).</source>
        <translation>提示词（参见 valis-cli mcp prompts）。</translation>
    </message>
    <message>
        <source>Gets one prompt with its arguments and prints its messages.</source>
        <translation>带参数获取一个提示词并输出其消息。</translation>
    </message>
    <message>
        <source>--arg takes NAME=VALUE, not &quot;%1&quot;</source>
        <translation>--arg 需要 NAME=VALUE，而不是“%1”</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 (an estimate)</source>
        <translation>%1（估算值）</translation>
    </message>
    <message>
        <source>o200k_base (no default model is set)</source>
        <translation>o200k_base（未设置默认模型）</translation>
    </message>
    <message>
        <source>an estimate (no default model is set)</source>
        <translation>估算值（未设置默认模型）</translation>
    </message>
    <message>
        <source>progress %1</source>
        <translation>进度 %1</translation>
    </message>
    <message>
        <source>The server to start.</source>
        <translation>要启动的服务器。</translation>
    </message>
    <message>
        <source>Starts one MCP server as a session would and reports what it is: its name and version, protocol revision, capabilities, how its command was found, its tools and how long it took to get ready; or why it fails, with what it wrote to stderr. Exits 1 when it fails.</source>
        <translation>像会话那样启动一个 MCP 服务器并报告其信息：名称和版本、协议修订版、能力、其命令是如何找到的、其工具以及就绪所用的时间；或者报告失败原因，并附上它写到 stderr 的内容。失败时以 1 退出。</translation>
    </message>
    <message>
        <source>%1: ready in %2 ms</source>
        <translation>%1：%2 毫秒后就绪</translation>
    </message>
    <message>
        <source>server:       %1</source>
        <translation>服务器：    %1</translation>
    </message>
    <message>
        <source>protocol:     %1</source>
        <translation>协议：      %1</translation>
    </message>
    <message>
        <source>capabilities: %1</source>
        <translation>能力：      %1</translation>
    </message>
    <message>
        <source>runs:         %1</source>
        <translation>运行：      %1</translation>
    </message>
    <message>
        <source>found on:     %1</source>
        <translation>查找位置：  %1</translation>
    </message>
    <message>
        <source>tools:        %1</source>
        <translation>工具：      %1</translation>
    </message>
    <message>
        <source>instructions: %1</source>
        <translation>说明：      %1</translation>
    </message>
    <message>
        <source>(disabled in the configuration: sessions do not start it)</source>
        <translation>（已在配置中禁用：会话不会启动它）</translation>
    </message>
    <message>
        <source>Print the tools as the server lists them, each with visibleName, offered, setAside, readOnly and tokens added.</source>
        <translation>按服务器列出的原样输出工具，并为每个工具添加 visibleName、offered、setAside、readOnly 和 tokens。</translation>
    </message>
    <message>
        <source>Lists a server&apos;s tools: the name the model sees, the server&apos;s own name, title and description, the read-only hint (believed only for trusted servers), whether it is offered (enabledTools/disabledTools) or set aside (a schema no model API takes), and what its definition costs in tokens.</source>
        <translation>列出服务器的工具：模型看到的名称、服务器自己的名称、标题和描述、只读提示（仅对受信任的服务器采信）、是否提供给模型（enabledTools/disabledTools）或已搁置（没有模型 API 接受的架构），以及其定义消耗的 token 数。</translation>
    </message>
    <message>
        <source>set aside: %1</source>
        <translation>已搁置：%1</translation>
    </message>
    <message>
        <source>not offered (enabledTools/disabledTools)</source>
        <translation>未提供（enabledTools/disabledTools）</translation>
    </message>
    <message>
        <source>offered</source>
        <translation>已提供</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>says read-only (not believed: the server is not trusted)</source>
        <translation>声称只读（未采信：该服务器不受信任）</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n 个 token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n 个工具</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n offered</source>
        <translation>
            <numerusform>%n 个已提供</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s) for their definitions, counted for %1</source>
        <translation>
            <numerusform>其定义共 %n 个 token，按 %1 计算</numerusform>
        </translation>
    </message>
    <message>
        <source>The tool&apos;s arguments as a JSON object (default {}); @FILE reads them from FILE, - from standard input.</source>
        <translation>以 JSON 对象表示的工具参数（默认 {}）；@FILE 从 FILE 读取，- 从标准输入读取。</translation>
    </message>
    <message>
        <source>Print the raw CallToolResult as JSON.</source>
        <translation>以 JSON 格式输出原始的 CallToolResult。</translation>
    </message>
    <message>
        <source>Seconds without an answer or progress before the call is cancelled (default: the server&apos;s toolTimeoutSec).</source>
        <translation>在取消调用前允许的无应答或无进度秒数（默认：服务器的 toolTimeoutSec）。</translation>
    </message>
    <message>
        <source>The tool, by the server&apos;s own name.</source>
        <translation>工具，使用服务器自己的名称。</translation>
    </message>
    <message>
        <source>Calls one tool of an MCP server and prints its result; exits 1 when the result is an error. Progress goes to standard error. Questions the server asks (forms, pages to open) are asked on the terminal, and declined without one.</source>
        <translation>调用 MCP 服务器的一个工具并输出其结果；结果为错误时以 1 退出。进度输出到标准错误。服务器提出的问题（表单、要打开的页面）会在终端中询问，没有终端时则拒绝。</translation>
    </message>
    <message>
        <source>name the server and the tool</source>
        <translation>请指定服务器和工具</translation>
    </message>
    <message>
        <source>--timeout takes a whole number of seconds above 0</source>
        <translation>--timeout 需要一个大于 0 的整数秒数</translation>
    </message>
    <message>
        <source>%1 offers no tool &quot;%2&quot;; its tools are: %3</source>
        <translation>%1 不提供工具“%2”；它的工具有：%3</translation>
    </message>
    <message>
        <source>open %1 (%2), then call again</source>
        <translation>请打开 %1（%2），然后再次调用</translation>
    </message>
    <message>
        <source>it has an outputSchema but sent no structuredContent</source>
        <translation>它有 outputSchema，但没有发送 structuredContent</translation>
    </message>
    <message>
        <source>warning: the result breaks the tool&apos;s outputSchema: %1</source>
        <translation>警告：结果不符合工具的 outputSchema：%1</translation>
    </message>
    <message>
        <source>Print the event stream as JSON lines; read approve/deny/answer/interrupt commands as JSON lines on standard input.</source>
        <translation>以 JSON 行格式输出事件流；以 JSON 行格式从标准输入读取 approve/deny/answer/interrupt 命令。</translation>
    </message>
    <message>
        <source>declined a question (%1): there is no terminal to ask on</source>
        <translation>已拒绝一个问题（%1）：没有可用于询问的终端</translation>
    </message>
    <message>
        <source>A tool</source>
        <translation>某个工具</translation>
    </message>
    <message>
        <source>%1 asks: %2</source>
        <translation>%1 询问：%2</translation>
    </message>
    <message numerus="yes">
        <source>  [y] fill in the form (%n field(s))  [d] decline  [c] cancel: </source>
        <translation>
            <numerusform>  [y] 填写表单（%n 个字段）  [d] 拒绝  [c] 取消： </numerusform>
        </translation>
    </message>
    <message>
        <source>%1 asks you to open a page on %2: %3</source>
        <translation>%1 请你打开 %2 上的一个页面：%3</translation>
    </message>
    <message>
        <source>  Open it? [y] yes  [n] no  [c] cancel: </source>
        <translation>  要打开吗？[y] 是  [n] 否  [c] 取消： </translation>
    </message>
    <message>
        <source>  Allow? [y] yes  [n] no: </source>
        <translation>  允许吗？[y] 是  [n] 否： </translation>
    </message>
    <message>
        <source>%1 asks the model %2 to answer:</source>
        <translation>%1 请求由 %2 作答：</translation>
    </message>
    <message>
        <source>of this session</source>
        <translation>本会话的模型</translation>
    </message>
    <message>
        <source>  system: %1</source>
        <translation>  系统：%1</translation>
    </message>
    <message>
        <source>  at most %1 tokens</source>
        <translation>  最多 %1 个 token</translation>
    </message>
    <message>
        <source>choose by number or name, several separated by commas</source>
        <translation>按编号或名称选择，多个用逗号分隔</translation>
    </message>
    <message>
        <source>choose by number or name</source>
        <translation>按编号或名称选择</translation>
    </message>
    <message>
        <source>[Enter: %1]</source>
        <translation>[Enter：%1]</translation>
    </message>
    <message>
        <source>(required)</source>
        <translation>（必填）</translation>
    </message>
    <message>
        <source>[Enter: leave out]</source>
        <translation>[Enter：不填]</translation>
    </message>
    <message>
        <source>  That will not do:</source>
        <translation>  这样不行：</translation>
    </message>
    <message>
        <source>  [r] fill in again  [d] decline  [c] cancel: </source>
        <translation>  [r] 重新填写  [d] 拒绝  [c] 取消： </translation>
    </message>
    <message>
        <source>&quot;%1&quot; is none of the choices</source>
        <translation>“%1”不是可选项之一</translation>
    </message>
    <message>
        <source>answer y or n</source>
        <translation>请回答 y 或 n</translation>
    </message>
    <message>
        <source>a whole number, please</source>
        <translation>请输入整数</translation>
    </message>
    <message>
        <source>a number, please</source>
        <translation>请输入数字</translation>
    </message>
    <message>
        <source>  Could not open a browser; open this address yourself: %1</source>
        <translation>  无法打开浏览器；请自行打开此地址：%1</translation>
    </message>
    <message>
        <source>  y or n: </source>
        <translation>  y 或 n： </translation>
    </message>
    <message>
        <source>  r, d or c: </source>
        <translation>  r、d 或 c： </translation>
    </message>
    <message>
        <source>  y, d or c: </source>
        <translation>  y、d 或 c： </translation>
    </message>
    <message>
        <source>  y, n or c: </source>
        <translation>  y、n 或 c： </translation>
    </message>
    <message>
        <source>    %1 is required: </source>
        <translation>    %1 为必填项： </translation>
    </message>
    <message>
        <source>MCP servers: list, add, remove, import, test, sign in; their tools, resources and prompts; call a tool</source>
        <translation>MCP 服务器：列出、添加、移除、导入、测试、登录；其工具、资源和提示词；调用工具</translation>
    </message>
    <message>
        <source>there is no MCP server &quot;%1&quot;: none is configured (valis-cli mcp add)</source>
        <translation>没有 MCP 服务器“%1”：尚未配置任何服务器（valis-cli mcp add）</translation>
    </message>
    <message>
        <source>there is no MCP server &quot;%1&quot;; the servers are: %2</source>
        <translation>没有 MCP 服务器“%1”；现有服务器：%2</translation>
    </message>
    <message>
        <source>To sign in to %1, open: %2</source>
        <translation>要登录 %1，请打开：%2</translation>
    </message>
    <message>
        <source>the server did not start</source>
        <translation>服务器未启动</translation>
    </message>
    <message>
        <source>valis-cli mcp call has no model to answer sampling requests; use the tool in a session (valis-cli run), where the session&apos;s model answers them</source>
        <translation>valis-cli mcp call 没有可回答采样请求的模型；请在会话中使用该工具（valis-cli run），由会话的模型来回答</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP 服务器 %1</translation>
    </message>
    <message>
        <source>the elicitation&apos;s url is not a web address</source>
        <translation>elicitation 的 url 不是网址</translation>
    </message>
    <message>
        <source>%1 asked a question (%2), declined: there is no terminal to ask on</source>
        <translation>%1 提出了一个问题（%2），已拒绝：没有可用于询问的终端</translation>
    </message>
    <message>
        <source>the server is not connected</source>
        <translation>服务器未连接</translation>
    </message>
    <message>
        <source>Open this address in a browser: %1</source>
        <translation>请在浏览器中打开此地址：%1</translation>
    </message>
    <message>
        <source>it did not start</source>
        <translation>它未启动</translation>
    </message>
    <message>
        <source>the required MCP server %1 did not start: %2</source>
        <translation>必需的 MCP 服务器 %1 未启动：%2</translation>
    </message>
    <message>
        <source>the MCP server %1 did not start (its tools are unavailable): %2</source>
        <translation>MCP 服务器 %1 未启动（其工具不可用）：%2</translation>
    </message>
    <message>
        <source>  (the question went away: the tool call ended)</source>
        <translation>  （问题已失效：工具调用已结束）</translation>
    </message>
    <message>
        <source>declined a question of %1 (%2): nobody is there to answer it</source>
        <translation>已拒绝 %1 的一个问题（%2）：没有人可以回答</translation>
    </message>
    <message>
        <source>Provider ids: anthropic, openai, openai-compatible, ...; mcp:SERVER for an HTTP MCP server&apos;s bearer token</source>
        <translation>提供方 ID：anthropic、openai、openai-compatible……；mcp:SERVER 表示 HTTP MCP 服务器的持有者令牌</translation>
    </message>
    <message>
        <source>Print the versions of valis-cli, Qt and the plugin API</source>
        <translation>输出 valis-cli、Qt 和插件 API 的版本</translation>
    </message>
    <message>
        <source>The shell: bash, zsh or fish.</source>
        <translation>Shell：bash、zsh 或 fish。</translation>
    </message>
    <message>
        <source>Prints a completion script for a shell, made from the options every command declares. Sessions, MCP servers, plugins and providers are completed by asking valis-cli when Tab is pressed. Try it with &apos;source &lt;(valis-cli completion bash)&apos;; keep it as ~/.local/share/bash-completion/completions/valis-cli (bash), as _valis-cli in a folder of $fpath (zsh), or as ~/.config/fish/completions/valis-cli.fish (fish).</source>
        <translation>输出某个 Shell 的补全脚本，内容来自每个命令声明的选项。会话、MCP 服务器、插件和提供方在按下 Tab 时通过询问 valis-cli 来补全。可以用 &apos;source &lt;(valis-cli completion bash)&apos; 试用；长期使用请保存为 ~/.local/share/bash-completion/completions/valis-cli（bash）、$fpath 中某个文件夹里的 _valis-cli（zsh），或 ~/.config/fish/completions/valis-cli.fish（fish）。</translation>
    </message>
    <message>
        <source>name the shell: bash, zsh or fish</source>
        <translation>请指定 Shell：bash、zsh 或 fish</translation>
    </message>
    <message>
        <source>Print only the servers&apos; names, one a line (for scripts and shell completion).</source>
        <translation>只输出服务器名称，每行一个（供脚本和 Shell 补全使用）。</translation>
    </message>
    <message>
        <source>Enable the plugin PLUGIN (from the next start).</source>
        <translation>启用插件 PLUGIN（下次启动时生效）。</translation>
    </message>
    <message>
        <source>Disable the plugin PLUGIN (from the next start).</source>
        <translation>禁用插件 PLUGIN（下次启动时生效）。</translation>
    </message>
    <message>
        <source>Print only the plugins&apos; ids, one a line (for scripts and shell completion).</source>
        <translation>只输出插件 ID，每行一个（供脚本和 Shell 补全使用）。</translation>
    </message>
    <message>
        <source>Print only the ids of the providers the running plugins offer, one a line.</source>
        <translation>只输出正在运行的插件所提供的提供方 ID，每行一个。</translation>
    </message>
    <message>
        <source>Print only the sessions&apos; ids, one a line (for scripts and shell completion).</source>
        <translation>只输出会话 ID，每行一个（供脚本和 Shell 补全使用）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; did not say which options it takes; it cannot be completed</source>
        <translation>“%1”没有说明它接受哪些选项，无法补全</translation>
    </message>
    <message>
        <source>Print a shell completion script for bash, zsh or fish</source>
        <translation>输出 bash、zsh 或 fish 的 Shell 补全脚本</translation>
    </message>
    <message>
        <source>the session %1 has no message #%2</source>
        <translation>会话 %1 中没有消息 #%2</translation>
    </message>
    <message>
        <source>The message to fork at (its id, or its number as `valis-cli show` prints it): the fork starts with the conversation up to and including it.</source>
        <translation>要从哪条消息分叉（其 ID，或 `valis-cli show` 输出的编号）：分叉以截至并包括该消息的对话开始。</translation>
    </message>
    <message>
        <source>Run this request in the fork at once, like `valis-cli run`; when the turn ends its answer is reported to the parent session.</source>
        <translation>立即在分叉中运行此请求，如同 `valis-cli run`；轮次结束后，其回答会报告给父会话。</translation>
    </message>
    <message>
        <source>The session to fork.</source>
        <translation>要分叉的会话。</translation>
    </message>
    <message>
        <source>Forks a session at a message into a new session linked to it, with its own history strategy (--history oneshot: a worker that gets the plan and its prompt only). Prints the fork&apos;s id.</source>
        <translation>在某条消息处将会话分叉为一个与之关联的新会话，新会话使用自己的历史策略（--history oneshot：只获得计划和自身提示词的执行者）。输出分叉的 ID。</translation>
    </message>
    <message>
        <source>name exactly one session to fork</source>
        <translation>请恰好指定一个要分叉的会话</translation>
    </message>
    <message>
        <source>say where to fork with --at MESSAGE</source>
        <translation>请用 --at MESSAGE 指定分叉位置</translation>
    </message>
    <message>
        <source>forked %1 at %2 into %3 (history: %4)</source>
        <translation>已在 %2 处将 %1 分叉为 %3（历史：%4）</translation>
    </message>
    <message>
        <source>warning: the fork&apos;s answer could not be reported to %1: %2</source>
        <translation>警告：无法将分叉的回答报告给 %1：%2</translation>
    </message>
    <message>
        <source>reported to %1 as message %2</source>
        <translation>已作为消息 %2 报告给 %1</translation>
    </message>
    <message>
        <source>Write each request&apos;s exact view into DIR as JSON, one file per request (0001-T12.json: system prompt, tools, messages with boards, tokens, provider options, what the build recorded); a file of several sessions gets a folder per session.</source>
        <translation>将每次请求的确切视图以 JSON 格式写入 DIR，每次请求一个文件（0001-T12.json：系统提示词、工具、带公告板的消息、token、提供方选项、构建时记录的内容）；包含多个会话的文件会为每个会话建一个文件夹。</translation>
    </message>
    <message>
        <source>--regenerate asks a model: choose a provider with --provider (or set defaultProvider in %1)</source>
        <translation>--regenerate 需要询问模型：请用 --provider 选择提供方（或在 %1 中设置 defaultProvider）</translation>
    </message>
    <message>
        <source>The session whose turn versions to show.</source>
        <translation>要显示其轮次版本的会话。</translation>
    </message>
    <message>
        <source>Only this level: S (smoothed), C (compressed) or T (tiny).</source>
        <translation>仅此级别：S（平滑）、C（压缩）或 T（极简）。</translation>
    </message>
    <message>
        <source>Only turn N.</source>
        <translation>仅轮次 N。</translation>
    </message>
    <message>
        <source>Make and store the extractive versions of every turn that has none, or only stale ones (imported transcripts).</source>
        <translation>为每个没有版本或只有过期版本的轮次生成并存储抽取式版本（适用于导入的对话记录）。</translation>
    </message>
    <message>
        <source>Ask the model again for the versions of the chosen turns (all without --turn) and store its answers.</source>
        <translation>重新请模型生成所选轮次的版本（不带 --turn 时为全部轮次），并存储其回答。</translation>
    </message>
    <message>
        <source>With --regenerate: the provider (default: the settings&apos; defaultProvider).</source>
        <translation>配合 --regenerate：提供方（默认：设置中的 defaultProvider）。</translation>
    </message>
    <message>
        <source>With --regenerate: the model (default: the provider&apos;s model in the settings).</source>
        <translation>配合 --regenerate：模型（默认：设置中该提供方的模型）。</translation>
    </message>
    <message>
        <source>With --regenerate: send requests here instead.</source>
        <translation>配合 --regenerate：改为将请求发送到此处。</translation>
    </message>
    <message>
        <source>Shows the smoothed (S), compressed (C) and tiny (T) versions of a session&apos;s turns: their tokens, the model that wrote them and whether the turn changed since (stale).</source>
        <translation>显示会话各轮次的平滑（S）、压缩（C）和极简（T）版本：它们的 token 数、编写它们的模型，以及该轮次此后是否有变化（过期）。</translation>
    </message>
    <message>
        <source>--level takes S, C or T, not &quot;%1&quot;</source>
        <translation>--level 只接受 S、C 或 T，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--turn takes a turn number (0 or more)</source>
        <translation>--turn 需要一个轮次编号（0 或更大）</translation>
    </message>
    <message>
        <source>session %1 has no turn %2</source>
        <translation>会话 %1 中没有轮次 %2</translation>
    </message>
    <message numerus="yes">
        <source>stored the extractive versions of %n turn(s)</source>
        <translation>
            <numerusform>已存储 %n 个轮次的抽取式版本</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n turn(s)</source>
        <translation>
            <numerusform>%1 · %n 个轮次</numerusform>
        </translation>
    </message>
    <message>
        <source>no versions</source>
        <translation>无版本</translation>
    </message>
    <message>
        <source>%1 tokens · %2</source>
        <translation>%1 个 token · %2</translation>
    </message>
    <message>
        <source>stale: the turn changed since</source>
        <translation>已过期：该轮次此后有变化</translation>
    </message>
    <message numerus="yes">
        <source>%n turn(s) without versions: valis-cli turns %1 --build makes them</source>
        <translation>
            <numerusform>%n 个轮次没有版本：valis-cli turns %1 --build 可生成它们</numerusform>
        </translation>
    </message>
    <message>
        <source>Fork a session at a message into a new linked session, optionally running its first turn</source>
        <translation>在某条消息处将会话分叉为一个关联的新会话，并可选择运行其第一个轮次</translation>
    </message>
    <message>
        <source>Show the smoothed, compressed and tiny versions of a session&apos;s turns; build or regenerate them</source>
        <translation>显示会话各轮次的平滑、压缩和极简版本；生成或重新生成这些版本</translation>
    </message>
    <message>
        <source>How the session&apos;s history is shown to the model: regular (the configured context strategies), gradient (recent turns whole, older ones at lower fidelity) or oneshot (the task, the plan and the progress ledger only). Recorded; a continued session keeps its last choice.</source>
        <translation>会话历史如何呈现给模型：regular（已配置的上下文策略）、gradient（最近的轮次保持完整，较早的轮次降低保真度）或 oneshot（仅任务、计划和进度记录）。该选择会被记录；继续的会话沿用上次的选择。</translation>
    </message>
    <message>
        <source>finishing the turn&apos;s shorter versions...</source>
        <translation>正在完成该轮次的较短版本...</translation>
    </message>
    <message>
        <source>Extract lessons, references and topics from sessions, consolidate them</source>
        <translation>从会话中提取经验、参考和主题，并加以整合</translation>
    </message>
    <message>
        <source>List, accept or reject what memory processing proposes</source>
        <translation>列出、接受或拒绝记忆处理提出的建议</translation>
    </message>
    <message>
        <source>Embed records and messages for vector recall (--status: how far it is)</source>
        <translation>为向量召回嵌入记录和消息（--status：查看进度）</translation>
    </message>
    <message>
        <source>memories</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>transcripts</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <source>the session database cannot be opened</source>
        <translation>无法打开会话数据库</translation>
    </message>
    <message>
        <source>Embeddings: %1 through %2</source>
        <translation>嵌入：%1，经由 %2</translation>
    </message>
    <message>
        <source>Embeddings are off (config/memory.json &quot;embeddings&quot;); recall is lexical.</source>
        <translation>嵌入已关闭（config/memory.json 中的 &quot;embeddings&quot;）；召回按词语匹配。</translation>
    </message>
    <message>
        <source>%1 (store %2):</source>
        <translation>%1（存储 %2）：</translation>
    </message>
    <message>
        <source>no vectors</source>
        <translation>没有向量</translation>
    </message>
    <message>
        <source>configured</source>
        <translation>已配置</translation>
    </message>
    <message>
        <source>searched by recall</source>
        <translation>召回时搜索</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>%1 dimensions</source>
        <translation>%1 维</translation>
    </message>
    <message>
        <source>no vectors yet</source>
        <translation>尚无向量</translation>
    </message>
    <message>
        <source>%1 of %2 with vectors, %3 pending</source>
        <translation>%2 个中 %1 个已有向量，%3 个待处理</translation>
    </message>
    <message>
        <source>%1 stale</source>
        <translation>%1 个已过期</translation>
    </message>
    <message>
        <source>index: %1%2</source>
        <translation>索引：%1%2</translation>
    </message>
    <message>
        <source> (not saved yet)</source>
        <translation> （尚未保存）</translation>
    </message>
    <message>
        <source>%1: %2 / %3</source>
        <translation>%1：%2 / %3</translation>
    </message>
    <message>
        <source>Only show, per vector space, how many passages have vectors, how many are pending, and where the index files are.</source>
        <translation>只显示每个向量空间中有多少段落已有向量、有多少待处理，以及索引文件的位置。</translation>
    </message>
    <message>
        <source>Leave the memory&apos;s records out.</source>
        <translation>不包括记忆中的记录。</translation>
    </message>
    <message>
        <source>Leave the transcripts out.</source>
        <translation>不包括对话记录。</translation>
    </message>
    <message>
        <source>One JSON object per source (per space with --status).</source>
        <translation>每个来源一个 JSON 对象（使用 --status 时为每个空间一个）。</translation>
    </message>
    <message>
        <source>Embeds the memory&apos;s records and the transcripts&apos; messages that have no vector yet, with the model config/memory.json&apos;s &quot;embeddings&quot; names, and saves the vector indexes recall searches. Progress goes to stderr.</source>
        <translation>使用 config/memory.json 的 &quot;embeddings&quot; 中指定的模型，为尚无向量的记忆记录和对话记录消息生成嵌入，并保存召回时搜索的向量索引。进度输出到标准错误。</translation>
    </message>
    <message>
        <source>embeddings are off: set &quot;embeddings&quot;: {&quot;enabled&quot;: true, &quot;provider&quot;: ..., &quot;model&quot;: ...} in %1</source>
        <translation>嵌入已关闭：请在 %1 中设置 &quot;embeddings&quot;: {&quot;enabled&quot;: true, &quot;provider&quot;: ..., &quot;model&quot;: ...}</translation>
    </message>
    <message>
        <source>no embedding provider plugin is running (&quot;%1&quot; was asked for)</source>
        <translation>没有正在运行的嵌入提供方插件（请求的是“%1”）</translation>
    </message>
    <message>
        <source>no embedding provider &quot;%1&quot;; running: %2</source>
        <translation>没有嵌入提供方“%1”；正在运行的有：%2</translation>
    </message>
    <message>
        <source>%1: %2 needed a vector: %3 embedded, %4 from the cache; %5 removed</source>
        <translation>%1：%2 个需要向量：%3 个已嵌入，%4 个来自缓存；已移除 %5 个</translation>
    </message>
    <message>
        <source>%1 requests to %2.</source>
        <translation>向 %2 发出了 %1 次请求。</translation>
    </message>
    <message>
        <source>the summary provider in memory.json, %1, is not running</source>
        <translation>memory.json 中的摘要提供方 %1 未在运行</translation>
    </message>
    <message>
        <source>Use this store for one run: sqlite:PATH or postgresql://USER@HOST:PORT/DATABASE.</source>
        <translation>本次运行使用此存储：sqlite:PATH 或 postgresql://USER@HOST:PORT/DATABASE。</translation>
    </message>
    <message>
        <source>Whose memory (default: config/tools.json&apos;s agent).</source>
        <translation>谁的记忆（默认：config/tools.json 中的智能体）。</translation>
    </message>
    <message>
        <source>Only this session (repeatable).</source>
        <translation>只处理此会话（可重复）。</translation>
    </message>
    <message>
        <source>Only sessions updated since DATE (2026-05-01 or an ISO time).</source>
        <translation>只处理自 DATE 以来更新过的会话（2026-05-01 或 ISO 时间）。</translation>
    </message>
    <message>
        <source>Do not ask the summary model of memory.json; extract deterministically.</source>
        <translation>不询问 memory.json 中的摘要模型；以确定性方式提取。</translation>
    </message>
    <message>
        <source>Do not ask the OS keychain for the summary model&apos;s key; use the environment only.</source>
        <translation>不向操作系统钥匙串获取摘要模型的密钥；只使用环境变量。</translation>
    </message>
    <message>
        <source>Print the summary as one JSON object.</source>
        <translation>将汇总输出为一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Extracts topics, lessons and references from stored sessions, consolidates them and proposes recommendations. Resumes where it stopped.</source>
        <translation>从已存储的会话中提取主题、经验和参考，加以整合并提出建议。会从上次停止处继续。</translation>
    </message>
    <message>
        <source>--since needs a date like 2026-05-01, not &quot;%1&quot;</source>
        <translation>--since 需要 2026-05-01 这样的日期，而不是“%1”</translation>
    </message>
    <message>
        <source>memory process: %1/%2 sessions (%3)</source>
        <translation>memory process：%1/%2 个会话（%3）</translation>
    </message>
    <message>
        <source>%1 sessions read (%2 up to date), %3 messages, %4</source>
        <translation>已读取 %1 个会话（%2 个已是最新），%3 条消息，%4</translation>
    </message>
    <message>
        <source>stored %1 lessons, %2 references, %3 topics (%4 new, %5 merged, %6 superseded, %7 decayed)</source>
        <translation>已存储 %1 条经验、%2 条参考、%3 个主题（新增 %4，合并 %5，被取代 %6，衰减 %7）</translation>
    </message>
    <message>
        <source>%1 new recommendations: valis-cli memory recommendations</source>
        <translation>%1 条新建议：valis-cli memory recommendations</translation>
    </message>
    <message>
        <source>Carry out recommendation KEY.</source>
        <translation>执行建议 KEY。</translation>
    </message>
    <message>
        <source>Turn recommendation KEY down.</source>
        <translation>拒绝建议 KEY。</translation>
    </message>
    <message>
        <source>Also list accepted and rejected ones.</source>
        <translation>同时列出已接受和已拒绝的建议。</translation>
    </message>
    <message>
        <source>One JSON object per recommendation.</source>
        <translation>每条建议一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Lists what offline processing proposes (AGENTS.md lines, skills, deletions); nothing changes until you accept.</source>
        <translation>列出离线处理提出的建议（AGENTS.md 中的行、技能、删除）；在你接受之前不会有任何更改。</translation>
    </message>
    <message>
        <source>--accept and --reject exclude each other</source>
        <translation>--accept 和 --reject 互斥</translation>
    </message>
    <message>
        <source>accepted: %1</source>
        <translation>已接受：%1</translation>
    </message>
    <message>
        <source>rejected: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <source>No recommendations.</source>
        <translation>没有建议。</translation>
    </message>
    <message>
        <source>What to recall, in plain words (any may match).</source>
        <translation>要召回的内容，用普通词语描述（匹配任一即可）。</translation>
    </message>
    <message>
        <source>Only this session&apos;s messages.</source>
        <translation>只包括此会话的消息。</translation>
    </message>
    <message>
        <source>Every stored session (the default).</source>
        <translation>所有已存储的会话（默认）。</translation>
    </message>
    <message>
        <source>Never this session&apos;s messages (as the runtime step leaves out the live one).</source>
        <translation>排除此会话的消息（如同运行时召回步骤会排除当前会话）。</translation>
    </message>
    <message>
        <source>How many passages (default 10).</source>
        <translation>段落数量（默认 10）。</translation>
    </message>
    <message>
        <source>Only memory records of TYPE (repeatable).</source>
        <translation>只包括类型为 TYPE 的记忆记录（可重复）。</translation>
    </message>
    <message>
        <source>The agent whose memory is searched (default: config/tools.json&apos;s).</source>
        <translation>要搜索其记忆的智能体（默认：config/tools.json 中的智能体）。</translation>
    </message>
    <message>
        <source>Use this memory store for this run: sqlite:PATH or a postgresql:// address.</source>
        <translation>本次运行使用此记忆存储：sqlite:PATH 或 postgresql:// 地址。</translation>
    </message>
    <message>
        <source>One JSON object per passage.</source>
        <translation>每个段落一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Prints the ranked passages of memories and earlier sessions that the runtime recall step would consider for QUERY, with their scores and the retrievers that found them. Exits with 1 when nothing is found.</source>
        <translation>输出运行时召回步骤针对 QUERY 会考虑的记忆和之前会话中的段落，按排名列出，并附上它们的得分和找到它们的检索器。未找到任何内容时以 1 退出。</translation>
    </message>
    <message>
        <source>give words to recall for</source>
        <translation>请提供要召回的词语</translation>
    </message>
    <message>
        <source>--session and --all cannot be used together</source>
        <translation>--session 和 --all 不能同时使用</translation>
    </message>
    <message>
        <source>--k needs a positive number</source>
        <translation>--k 需要一个正数</translation>
    </message>
    <message>
        <source>valis-cli recall: vectors are not used: %1</source>
        <translation>valis-cli recall：未使用向量：%1</translation>
    </message>
    <message>
        <source>Show the passages of memories and earlier sessions recall would offer for a question, ranked</source>
        <translation>按排名显示召回针对某个问题会提供的记忆和之前会话中的段落</translation>
    </message>
    <message>
        <source>the recall filter provider in recall.json: %1</source>
        <translation>recall.json 中的召回筛选提供方：%1</translation>
    </message>
    <message>
        <source>Do not remind the model of memories and earlier sessions before the turn (see config/recall.json).</source>
        <translation>在轮次开始前不向模型提醒记忆和之前的会话（参见 config/recall.json）。</translation>
    </message>
    <message>
        <source>The longest the turn waits for recall, in milliseconds (default: recall.json&apos;s budgetMs, 1000); what arrives later is offered on the next turn.</source>
        <translation>轮次等待召回的最长时间，单位为毫秒（默认：recall.json 中的 budgetMs，即 1000）；之后才到达的内容会在下一轮次提供。</translation>
    </message>
    <message>
        <source>--recall-budget takes a whole number of milliseconds, 0 or more</source>
        <translation>--recall-budget 需要一个大于或等于 0 的整数毫秒数</translation>
    </message>
    <message>
        <source>warning: recall without vectors: %1</source>
        <translation>警告：召回未使用向量：%1</translation>
    </message>
    <message>
        <source>The remote machines Valis created (label valis-session), and their state</source>
        <translation>Valis 创建的远程机器（标签 valis-session）及其状态</translation>
    </message>
    <message>
        <source>Delete the remote machines Valis created and left behind</source>
        <translation>删除 Valis 创建后遗留的远程机器</translation>
    </message>
    <message>
        <source>Bring the files a session changed on its remote machine back into its workspace</source>
        <translation>将会话在其远程机器上更改的文件取回到其工作区</translation>
    </message>
    <message>
        <source>there is no remote sandbox &quot;%1&quot;; the remote sandboxes are: %2</source>
        <translation>没有远程沙箱“%1”；可用的远程沙箱有：%2</translation>
    </message>
    <message>
        <source>none (no remote sandbox plugin loaded)</source>
        <translation>无（未加载任何远程沙箱插件）</translation>
    </message>
    <message>
        <source>Do not ask the OS keychain for keys; use the environment only.</source>
        <translation>不向操作系统钥匙串请求密钥；仅使用环境变量。</translation>
    </message>
    <message>
        <source>daytona, runloop, modal (default: all)</source>
        <translation>daytona、runloop、modal（默认：全部）</translation>
    </message>
    <message>
        <source>Lists the remote machines Valis created, found by their valis-session label.</source>
        <translation>列出 Valis 创建的远程机器（按其 valis-session 标签查找）。</translation>
    </message>
    <message>
        <source>no remote machines created by Valis</source>
        <translation>没有 Valis 创建的远程机器</translation>
    </message>
    <message>
        <source>created %1</source>
        <translation>创建于 %1</translation>
    </message>
    <message>
        <source>(leftover: no session holds it)</source>
        <translation>（遗留：没有会话持有它）</translation>
    </message>
    <message>
        <source>Only the machine of this session.</source>
        <translation>仅限此会话的机器。</translation>
    </message>
    <message>
        <source>Say what would be deleted; delete nothing.</source>
        <translation>只列出将被删除的内容，不删除任何东西。</translation>
    </message>
    <message>
        <source>Deletes the remote machines Valis created (label valis-session) and left behind. Machines Valis did not create are never touched.</source>
        <translation>删除 Valis 创建（标签 valis-session）后遗留的远程机器。不是 Valis 创建的机器绝不会被触及。</translation>
    </message>
    <message>
        <source>would delete %1 machine %2 (session %3)</source>
        <translation>将删除 %1 机器 %2（会话 %3）</translation>
    </message>
    <message>
        <source>deleted %1 machine %2 (session %3)</source>
        <translation>已删除 %1 机器 %2（会话 %3）</translation>
    </message>
    <message numerus="yes">
        <source>%n machine(s) deleted</source>
        <translation>
            <numerusform>已删除 %n 台机器</numerusform>
        </translation>
    </message>
    <message>
        <source>The session whose machine has the files.</source>
        <translation>文件所在机器对应的会话。</translation>
    </message>
    <message>
        <source>Copies the files a session changed on its remote machine into its local workspace; files changed here too are not overwritten (the machine&apos;s version goes beside them).</source>
        <translation>将会话在其远程机器上更改的文件复制到其本地工作区；在本地也被更改过的文件不会被覆盖（机器上的版本会放在它们旁边）。</translation>
    </message>
    <message>
        <source>name one session</source>
        <translation>请指定一个会话</translation>
    </message>
    <message>
        <source>Usage: valis-cli sandbox &lt;subcommand&gt; [options]</source>
        <translation>用法：valis-cli sandbox &lt;subcommand&gt; [options]</translation>
    </message>
    <message>
        <source>The remote machines sessions run on (valis-cli run --sandbox daytona|runloop|modal).</source>
        <translation>会话运行所在的远程机器（valis-cli run --sandbox daytona|runloop|modal）。</translation>
    </message>
    <message>
        <source>unknown subcommand &quot;%1&quot;; use list, cleanup or pull</source>
        <translation>未知子命令“%1”；请使用 list、cleanup 或 pull</translation>
    </message>
    <message>
        <source>Remote machines (Daytona, Runloop, Modal): list them, delete leftovers, bring files back</source>
        <translation>远程机器（Daytona、Runloop、Modal）：列出机器、删除遗留机器、取回文件</translation>
    </message>
    <message>
        <source>remote: %1</source>
        <translation>远程：%1</translation>
    </message>
    <message>
        <source>cannot bring the files back: %1; the machine is kept: `valis-cli sandbox pull %2` tries again</source>
        <translation>无法取回文件：%1；该机器已保留：`valis-cli sandbox pull %2` 可重试</translation>
    </message>
    <message>
        <source>the machine %1 is kept: `valis-cli sandbox pull %2` brings files back, `valis-cli sandbox cleanup` deletes it</source>
        <translation>机器 %1 已保留：`valis-cli sandbox pull %2` 可取回文件，`valis-cli sandbox cleanup` 可将其删除</translation>
    </message>
    <message>
        <source>deleted the machine %1</source>
        <translation>已删除机器 %1</translation>
    </message>
    <message>
        <source>  [y] once  [s] %1 for this session  [a] %1 always  [n] no (add a reason after it): </source>
        <translation>  [y] 一次  [s] 本会话内允许 %1  [a] 始终允许 %1  [n] 否（可在后面附上理由）： </translation>
    </message>
    <message>
        <source>With a remote sandbox (daytona, runloop, modal): keep the machine after the turn, so the session can continue on it (valis-cli sandbox pull/cleanup).</source>
        <translation>使用远程沙箱（daytona、runloop、modal）时：在本轮次结束后保留机器，以便会话可以在其上继续（valis-cli sandbox pull/cleanup）。</translation>
    </message>
    <message>
        <source>With a remote sandbox: do not copy the files the agent changed on the machine back into the workspace.</source>
        <translation>使用远程沙箱时：不将智能体在机器上更改的文件复制回工作区。</translation>
    </message>
    <message>
        <source>&apos;valis-cli sandbox &lt;subcommand&gt; --help&apos; shows a subcommand&apos;s options.</source>
        <translation>&apos;valis-cli sandbox &lt;子命令&gt; --help&apos; 显示子命令的选项。</translation>
    </message>
    <message>
        <source>the machine this session kept is gone (%1); creating a new one</source>
        <translation>此会话保留的机器已不存在（%1）；正在创建新的机器</translation>
    </message>
    <message>
        <source>Serve Valis&apos;s memory and transcripts to other agents over MCP</source>
        <translation>通过 MCP 向其他智能体提供 Valis 的记忆和对话记录</translation>
    </message>
    <message>
        <source>What other agents called on valis-cli mcp serve</source>
        <translation>其他智能体通过 valis-cli mcp serve 调用过的内容</translation>
    </message>
    <message>
        <source>valis-cli mcp serve: cannot write the audit log: %1</source>
        <translation>valis-cli mcp serve：无法写入审计日志：%1</translation>
    </message>
    <message>
        <source>Serve over stdin and stdout (the default), for an agent that starts valis-cli itself.</source>
        <translation>通过标准输入和标准输出提供服务（默认），适用于自行启动 valis-cli 的智能体。</translation>
    </message>
    <message>
        <source>Serve Streamable HTTP on this port (0: any free one) instead.</source>
        <translation>改为在此端口上提供 Streamable HTTP 服务（0：任意空闲端口）。</translation>
    </message>
    <message>
        <source>The address HTTP listens on (default 127.0.0.1).</source>
        <translation>HTTP 监听的地址（默认 127.0.0.1）。</translation>
    </message>
    <message>
        <source>Whose memory and /memories/ to serve (default: config/tools.json&apos;s agent).</source>
        <translation>要提供其记忆和 /memories/ 的智能体（默认：config/tools.json 中的智能体）。</translation>
    </message>
    <message>
        <source>Offer no tool that writes (no store_memory).</source>
        <translation>不提供任何会写入的工具（没有 store_memory）。</translation>
    </message>
    <message>
        <source>HTTP: replace the bearer token in the keychain and print the new one once.</source>
        <translation>HTTP：替换钥匙串中的 Bearer 令牌，并将新令牌打印一次。</translation>
    </message>
    <message>
        <source>HTTP: also accept requests from this Origin (repeatable).</source>
        <translation>HTTP：同时接受来自此 Origin 的请求（可重复）。</translation>
    </message>
    <message>
        <source>Serves Valis&apos;s memory and session transcripts to other agents over MCP: search, read and store memories, search and read transcripts, the /memories/ files, as tools, resources and a recall prompt. Every call is written to the audit log (valis-cli mcp audit). For Claude Code: claude mcp add valis -- valis-cli mcp serve</source>
        <translation>通过 MCP 向其他智能体提供 Valis 的记忆和会话对话记录：以工具、资源和一个召回提示词的形式，提供记忆的搜索、读取和存储，对话记录的搜索和读取，以及 /memories/ 文件。每次调用都会写入审计日志（valis-cli mcp audit）。用于 Claude Code：claude mcp add valis -- valis-cli mcp serve</translation>
    </message>
    <message>
        <source>--stdio and --http exclude each other</source>
        <translation>--stdio 和 --http 不能同时使用</translation>
    </message>
    <message>
        <source>--http takes a port number from 0 to 65535</source>
        <translation>--http 需要 0 到 65535 之间的端口号</translation>
    </message>
    <message>
        <source>--bind takes an IP address, got &quot;%1&quot;</source>
        <translation>--bind 需要一个 IP 地址，收到的是“%1”</translation>
    </message>
    <message>
        <source>--bind, --new-token and --allow-origin are for --http</source>
        <translation>--bind、--new-token 和 --allow-origin 仅用于 --http</translation>
    </message>
    <message>
        <source>valis-cli mcp serve: serving the memory of agent %1%2 over stdio</source>
        <translation>valis-cli mcp serve：正在通过 stdio 提供智能体 %1%2 的记忆</translation>
    </message>
    <message>
        <source> (read-only)</source>
        <translation>（只读）</translation>
    </message>
    <message>
        <source>Show the newest N calls (default 50).</source>
        <translation>显示最新的 N 次调用（默认 50）。</translation>
    </message>
    <message>
        <source>Print each call as one line of JSON.</source>
        <translation>将每次调用输出为一行 JSON。</translation>
    </message>
    <message>
        <source>Prints the audit log of valis-cli mcp serve, newest first: which agent called what, when, how long it took and how it failed.</source>
        <translation>输出 valis-cli mcp serve 的审计日志，最新的在前：哪个智能体调用了什么、何时调用、耗时多久以及如何失败。</translation>
    </message>
    <message>
        <source>--limit takes a positive number</source>
        <translation>--limit 需要一个正数</translation>
    </message>
    <message>
        <source>No calls yet (%1).</source>
        <translation>尚无调用（%1）。</translation>
    </message>
    <message>
        <source>unknown client</source>
        <translation>未知客户端</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>[wrote]</source>
        <translation>[已写入]</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of the log could not be read.</source>
        <translation>
            <numerusform>日志中有 %n 行无法读取。</numerusform>
        </translation>
    </message>
    <message>
        <source>valis-cli mcp serve: a new bearer token was stored in the keychain (account %1). It is shown this once; clients send it as &quot;Authorization: Bearer TOKEN&quot;:</source>
        <translation>valis-cli mcp serve：已在钥匙串中存储新的 Bearer 令牌（账户 %1）。它只显示这一次；客户端以 &quot;Authorization: Bearer TOKEN&quot; 的形式发送它：</translation>
    </message>
    <message>
        <source>cannot get the bearer token from the keychain: %1</source>
        <translation>无法从钥匙串获取 Bearer 令牌：%1</translation>
    </message>
    <message>
        <source>valis-cli mcp serve: refused a request (%1): %2</source>
        <translation>valis-cli mcp serve：拒绝了一个请求（%1）：%2</translation>
    </message>
    <message>
        <source>valis-cli mcp serve: serving the memory of agent %1%2 over Streamable HTTP; Ctrl+C stops</source>
        <translation>valis-cli mcp serve：正在通过 Streamable HTTP 提供智能体 %1%2 的记忆；按 Ctrl+C 停止</translation>
    </message>
    <message>
        <source>valis-cli mcp serve: stopped</source>
        <translation>valis-cli mcp serve：已停止</translation>
    </message>
    <message>
        <source>The API&apos;s bearer token (shown once; kept in the OS keychain as &quot;%1&quot;): %2</source>
        <translation>API 的 Bearer 令牌（只显示一次；以“%1”保存在操作系统钥匙串中）：%2</translation>
    </message>
    <message>
        <source>The port (default 8787; 0: a free one).</source>
        <translation>端口（默认 8787；0：任意空闲端口）。</translation>
    </message>
    <message>
        <source>The address to listen on (default 127.0.0.1).</source>
        <translation>要监听的地址（默认 127.0.0.1）。</translation>
    </message>
    <message>
        <source>The profile a request without a model uses (config/serve.json; default: its defaultProfile, else &quot;default&quot;: the settings&apos; default provider and model).</source>
        <translation>未指定模型的请求所使用的配置档（config/serve.json；默认：其 defaultProfile，否则为 &quot;default&quot;：设置中的默认提供方和模型）。</translation>
    </message>
    <message>
        <source>Replace the bearer token in the keychain with a new one (printed once).</source>
        <translation>用新令牌替换钥匙串中的 Bearer 令牌（只打印一次）。</translation>
    </message>
    <message>
        <source>Also accept browser requests from this origin, e.g. http://localhost:3000 (repeatable).</source>
        <translation>同时接受来自此来源的浏览器请求，例如 http://localhost:3000（可重复）。</translation>
    </message>
    <message>
        <source>Refuse request bodies over this many bytes with 413 (default 16 MiB).</source>
        <translation>拒绝超过此字节数的请求体，返回 413（默认 16 MiB）。</translation>
    </message>
    <message>
        <source>Serves an OpenAI-compatible API (GET /v1/models, POST /v1/chat/completions, POST /v1/responses) with managed context: every conversation is a Valis session, the client sends its whole history and the provider gets the managed view. Profiles (model name -&gt; provider, model, context settings) are in config/serve.json; &quot;provider/model&quot; works too.</source>
        <translation>提供 OpenAI 兼容 API（GET /v1/models、POST /v1/chat/completions、POST /v1/responses）并管理上下文：每个对话都是一个 Valis 会话，客户端发送其完整历史，提供方收到的是经过管理的视图。配置档（模型名称 -&gt; 提供方、模型、上下文设置）位于 config/serve.json 中；也可以使用 &quot;provider/model&quot;。</translation>
    </message>
    <message>
        <source>--port takes a port number (0 for a free one)</source>
        <translation>--port 需要一个端口号（0 表示任意空闲端口）</translation>
    </message>
    <message>
        <source>--bind takes an IP address, not &quot;%1&quot;</source>
        <translation>--bind 需要一个 IP 地址，而不是“%1”</translation>
    </message>
    <message>
        <source>--max-body takes a positive number of bytes</source>
        <translation>--max-body 需要一个正的字节数</translation>
    </message>
    <message>
        <source>there is no profile &quot;%1&quot; in config/serve.json</source>
        <translation>config/serve.json 中没有配置档“%1”</translation>
    </message>
    <message>
        <source>error: %1: %2</source>
        <translation>错误：%1：%2</translation>
    </message>
    <message>
        <source>warning: %1: %2</source>
        <translation>警告：%1：%2</translation>
    </message>
    <message>
        <source>stopped serving</source>
        <translation>已停止提供服务</translation>
    </message>
    <message>
        <source>Serve an OpenAI-compatible API with managed context: each conversation a Valis session</source>
        <translation>提供带上下文管理的 OpenAI 兼容 API：每个对话即一个 Valis 会话</translation>
    </message>
    <message>
        <source>%1: a served conversation has no workspace; only /context/ and /memories/ can be read</source>
        <translation>%1：通过 API 提供的对话没有工作区；只能读取 /context/ 和 /memories/</translation>
    </message>
    <message>
        <source>name the prompt: KEY</source>
        <translation>请指定提示词：KEY</translation>
    </message>
    <message>
        <source>One JSON object per prompt.</source>
        <translation>每个提示词一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Lists the stored prompts, by key.</source>
        <translation>列出已存储的提示词（按键排列）。</translation>
    </message>
    <message>
        <source>No prompts are stored. Add one with: valis-cli prompts set KEY --file FILE</source>
        <translation>没有存储任何提示词。可用以下命令添加一个：valis-cli prompts set KEY --file FILE</translation>
    </message>
    <message>
        <source>VERSION</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>DESCRIPTION</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Version N instead of the newest.</source>
        <translation>使用版本 N，而不是最新版本。</translation>
    </message>
    <message>
        <source>Every version of the prompt, removals included.</source>
        <translation>提示词的每个版本，包括移除记录。</translation>
    </message>
    <message>
        <source>The text with includes expanded and variables filled in (from --var).</source>
        <translation>展开包含内容并填入变量（来自 --var）后的文本。</translation>
    </message>
    <message>
        <source>A variable&apos;s value for --render (repeatable).</source>
        <translation>--render 使用的变量值（可重复）。</translation>
    </message>
    <message>
        <source>JSON instead of the text.</source>
        <translation>输出 JSON，而不是文本。</translation>
    </message>
    <message>
        <source>The prompt&apos;s key.</source>
        <translation>提示词的键。</translation>
    </message>
    <message>
        <source>Prints a stored prompt&apos;s text.</source>
        <translation>输出已存储提示词的文本。</translation>
    </message>
    <message>
        <source>--version needs a number of at least 1</source>
        <translation>--version 需要一个不小于 1 的数字</translation>
    </message>
    <message>
        <source>--history shows every version; leave out --render and --version</source>
        <translation>--history 会显示每个版本；请省略 --render 和 --version</translation>
    </message>
    <message>
        <source>--var needs NAME=VALUE, not &quot;%1&quot;</source>
        <translation>--var 需要 NAME=VALUE，而不是“%1”</translation>
    </message>
    <message>
        <source>--var fills in variables for --render</source>
        <translation>--var 用于为 --render 填入变量</translation>
    </message>
    <message>
        <source>(removed)</source>
        <translation>（已移除）</translation>
    </message>
    <message>
        <source>version %1 is the prompt&apos;s removal</source>
        <translation>版本 %1 是该提示词的移除记录</translation>
    </message>
    <message>
        <source>Read the text from FILE instead of standard input.</source>
        <translation>从 FILE 读取文本，而不是从标准输入读取。</translation>
    </message>
    <message>
        <source>One line saying what the prompt is for (kept from the previous version when left out).</source>
        <translation>用一行文字说明提示词的用途（省略时沿用上一版本的说明）。</translation>
    </message>
    <message>
        <source>The prompt&apos;s key: lower-case letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;/&apos;.</source>
        <translation>提示词的键：小写字母、数字、“-”、“_”和“/”。</translation>
    </message>
    <message>
        <source>Stores a new version of a prompt, its text from --file or standard input. {{name}} marks a variable, {{&gt; other-key}} includes another prompt, \{{ is a literal {{.</source>
        <translation>存储提示词的新版本，文本来自 --file 或标准输入。{{name}} 表示变量，{{&gt; other-key}} 包含另一个提示词，\{{ 表示字面的 {{。</translation>
    </message>
    <message>
        <source>Type the prompt, then Ctrl-D on a line of its own.</source>
        <translation>输入提示词，然后在单独的一行上按 Ctrl-D。</translation>
    </message>
    <message>
        <source>%1 is at version %2.</source>
        <translation>%1 现在为版本 %2。</translation>
    </message>
    <message>
        <source>Variables: %1.</source>
        <translation>变量：%1。</translation>
    </message>
    <message>
        <source>Removes a prompt. Its versions are kept: `show KEY --history` lists them, and `set` brings it back.</source>
        <translation>移除提示词。其各个版本会保留：`show KEY --history` 可列出它们，`set` 可将其恢复。</translation>
    </message>
    <message>
        <source>List the stored prompts</source>
        <translation>列出已存储的提示词</translation>
    </message>
    <message>
        <source>Print a prompt, a version of it, its history, or its text rendered</source>
        <translation>输出提示词、其某个版本、其历史或渲染后的文本</translation>
    </message>
    <message>
        <source>Store a new version of a prompt</source>
        <translation>存储提示词的新版本</translation>
    </message>
    <message>
        <source>Remove a prompt (its history is kept)</source>
        <translation>移除提示词（保留其历史）</translation>
    </message>
    <message>
        <source>Usage: valis-cli prompts &lt;subcommand&gt; [options]</source>
        <translation>用法：valis-cli prompts &lt;subcommand&gt; [options]</translation>
    </message>
    <message>
        <source>Prompts stored by key and versioned, for the composer&apos;s /prompt-name, llm_call and MCP clients.</source>
        <translation>按键存储并带版本管理的提示词，供输入区的 /prompt-name、llm_call 和 MCP 客户端使用。</translation>
    </message>
    <message>
        <source>&apos;valis-cli prompts &lt;subcommand&gt; --help&apos; shows a subcommand&apos;s options.</source>
        <translation>“valis-cli prompts &lt;subcommand&gt; --help”会显示子命令的选项。</translation>
    </message>
    <message>
        <source>List, show, set and remove stored prompts, versioned by key</source>
        <translation>列出、显示、设置和移除按键存储并带版本管理的提示词</translation>
    </message>
    <message>
        <source>Show request N of the session (1 is the first, &quot;last&quot; the last) as the model saw it, rebuilt from the record and checked against the hash recorded when it was sent.</source>
        <translation>按模型所见显示会话的第 N 次请求（1 表示第一次，“last”表示最后一次），根据记录重建，并与发送时记录的哈希进行校验。</translation>
    </message>
    <message>
        <source>With --request: what changed since the previous request.</source>
        <translation>配合 --request：显示自上一次请求以来的变化。</translation>
    </message>
    <message>
        <source>Shows what the context strategies did in a session: every compaction (what moved where, tokens before and after, cache cost) and the totals. With --settings, the strategies in use and their thresholds. With --request N, request N as the model saw it.</source>
        <translation>显示上下文策略在会话中做了什么：每次压缩（什么内容移到了哪里、前后的 token 数、缓存成本）以及总计。使用 --settings 时，显示正在使用的策略及其阈值。使用 --request N 时，按模型所见显示第 N 次请求。</translation>
    </message>
    <message>
        <source>%1 · request %2 of %3 · %4 · turn %5 · %6</source>
        <translation>%1 · 请求 %2/%3 · %4 · 轮次 %5 · %6</translation>
    </message>
    <message>
        <source>view hash matches the recorded request</source>
        <translation>视图哈希与记录的请求一致</translation>
    </message>
    <message>
        <source>MISMATCH: the rebuilt request differs from the one recorded: %1</source>
        <translation>不一致：重建的请求与记录的不同：%1</translation>
    </message>
    <message>
        <source>no hash to check: %1</source>
        <translation>没有可校验的哈希：%1</translation>
    </message>
    <message>
        <source>Tokens (%1): %2 · system %3 · tools %4 · messages %5</source>
        <translation>token（%1）：%2 · 系统 %3 · 工具 %4 · 消息 %5</translation>
    </message>
    <message>
        <source>Messages:</source>
        <translation>消息：</translation>
    </message>
    <message>
        <source>Cache breakpoints (◆): %1 · read %2 · written %3 · input %4 · output %5 · %6</source>
        <translation>缓存断点（◆）：%1 · 读取 %2 · 写入 %3 · 输入 %4 · 输出 %5 · %6</translation>
    </message>
    <message>
        <source>Memory refs: %1</source>
        <translation>MemoryRef：%1</translation>
    </message>
    <message>
        <source>Pointers: %1</source>
        <translation>指针：%1</translation>
    </message>
    <message>
        <source>Diff: this is the first request</source>
        <translation>差异：这是第一次请求</translation>
    </message>
    <message>
        <source>Diff against request %1: %2 added, %3 evicted, %4 summarised, %5 moved</source>
        <translation>与请求 %1 的差异：添加 %2，移出 %3，摘要 %4，移动 %5</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n 条消息</numerusform>
        </translation>
    </message>
    <message>
        <source>Cached prefix: intact</source>
        <translation>缓存前缀：完好</translation>
    </message>
    <message>
        <source>Cached prefix broke at message %1: %2 (%3 tokens, %4)</source>
        <translation>缓存前缀在消息 %1 处中断：%2（%3 个 token，%4）</translation>
    </message>
    <message>
        <source>--request takes a request number (1 is the first) or &quot;last&quot;</source>
        <translation>--request 需要一个请求编号（1 表示第一次）或“last”</translation>
    </message>
    <message>
        <source>valis-cli %1: MISMATCH: request %2 of %3 cannot be rebuilt exactly from the record</source>
        <translation>valis-cli %1：不一致：无法根据记录精确重建会话 %3 的请求 %2</translation>
    </message>
    <message>
        <source>DAY</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>SESSION</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Usage since %1, by %2</source>
        <translation>自 %1 起的用量，分组：%2</translation>
    </message>
    <message>
        <source>Usage of all sessions, by %1</source>
        <translation>所有会话的用量，分组：%1</translation>
    </message>
    <message>
        <source>MESSAGES</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>CACHE READ</source>
        <translation>缓存读取</translation>
    </message>
    <message>
        <source>CACHE WRITE</source>
        <translation>缓存写入</translation>
    </message>
    <message>
        <source>CACHED</source>
        <translation>已缓存</translation>
    </message>
    <message>
        <source>COST</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Tokens: %1 sent (%2 read from the cache, %3), %4 generated. Cost: %5.</source>
        <translation>token：发送 %1 个（从缓存读取 %2，%3），生成 %4 个。费用：%5。</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) of models without a known price are not in the cost.</source>
        <translation>
            <numerusform>有 %n 条消息所属的模型没有已知价格，未计入费用。</numerusform>
        </translation>
    </message>
    <message>
        <source>Compactions: %1, %2 tokens taken out of the requests they were made for; cache writes they caused: %3 tokens, %4.</source>
        <translation>压缩：%1 次，从其所针对的请求中移除了 %2 个 token；由此引起的缓存写入：%3 个 token，%4。</translation>
    </message>
    <message>
        <source>Compactions: none in this period.</source>
        <translation>压缩：此时段内没有。</translation>
    </message>
    <message>
        <source>Only usage from DATE on: YYYY-MM-DD, a number of days (7d, 30d) or all (the default).</source>
        <translation>仅统计自 DATE 起的用量：YYYY-MM-DD、天数（7d、30d）或 all（默认）。</translation>
    </message>
    <message>
        <source>Group by day (the default), model or session.</source>
        <translation>按天（day，默认）、模型（model）或会话（session）分组。</translation>
    </message>
    <message>
        <source>Shows the tokens and the cost of every session&apos;s model requests, imported ones included, priced with the model catalogue: per day, model or session, with the share read from the prompt cache and what context compactions saved.</source>
        <translation>显示每个会话（包括导入的会话）的模型请求的 token 和费用，按模型目录计价：按天、模型或会话统计，并显示从提示缓存读取的占比以及上下文压缩节省的量。</translation>
    </message>
    <message>
        <source>--by takes day, model or session, not &quot;%1&quot;</source>
        <translation>--by 只接受 day、model 或 session，而不是“%1”</translation>
    </message>
    <message>
        <source>--since: %1</source>
        <translation>--since：%1</translation>
    </message>
    <message>
        <source>Show tokens and cost per day, model or session, with the cache-read share and compaction savings</source>
        <translation>按天、模型或会话显示 token 和费用，以及缓存读取占比和压缩节省</translation>
    </message>
    <message>
        <source>set in %1, which comes before the keychain&apos;s</source>
        <translation>已在 %1 中设置，其优先于钥匙串</translation>
    </message>
    <message>
        <source>was loading when Valis last stopped unexpectedly</source>
        <translation>在 Valis 上次意外停止时正在加载</translation>
    </message>
    <message>
        <source>was shutting down when Valis last stopped unexpectedly</source>
        <translation>在 Valis 上次意外停止时正在关闭</translation>
    </message>
    <message>
        <source>did not finish shutting down when Valis last quit</source>
        <translation>在 Valis 上次退出时未能完成关闭</translation>
    </message>
    <message>
        <source>%1 disabled: it %2.</source>
        <translation>已禁用 %1：它%2。</translation>
    </message>
    <message>
        <source>warning: the plugin &quot;%1&quot; %2; disable it with &apos;valis-cli plugins --disable-crashed&apos;.</source>
        <translation>警告：插件“%1”%2；可用 &apos;valis-cli plugins --disable-crashed&apos; 禁用它。</translation>
    </message>
    <message>
        <source>%1: removed %2 of %3 files (%4 bytes); %5 younger than the grace period were left alone</source>
        <translation>%1：已删除 %3 个文件中的 %2 个（%4 字节）；%5 个未超过宽限期的文件被保留</translation>
    </message>
    <message>
        <source>Leave files younger than SECONDS (default %1: a file is written just before the row that refers to it).</source>
        <translation>保留未超过 SECONDS 秒的文件（默认 %1：文件会在引用它的记录之前写入）。</translation>
    </message>
    <message>
        <source>One JSON object with what each store removed.</source>
        <translation>输出一个 JSON 对象，列出每个存储删除的内容。</translation>
    </message>
    <message>
        <source>Removes files nothing refers to: images of deleted sessions, and image and memory content files a crash left without their row. Valis also does this by itself in the background.</source>
        <translation>删除没有任何引用的文件：已删除会话的图片，以及崩溃后缺少对应记录的图片和记忆内容文件。Valis 也会在后台自动执行此操作。</translation>
    </message>
    <message>
        <source>--grace takes a whole number of seconds, 0 or more</source>
        <translation>--grace 需要一个不小于 0 的整数秒数</translation>
    </message>
    <message>
        <source>Session images</source>
        <translation>会话图片</translation>
    </message>
    <message>
        <source>Memory content files</source>
        <translation>记忆内容文件</translation>
    </message>
    <message>
        <source>Remove image and memory files nothing refers to (deleted sessions, crashes)</source>
        <translation>删除没有任何引用的图片和记忆文件（已删除的会话、崩溃）</translation>
    </message>
    <message>
        <source>indexing for prefix search stopped with about %1 records to go: %2</source>
        <translation>前缀搜索索引已停止，约剩 %1 条记录：%2</translation>
    </message>
    <message>
        <source>indexing for prefix search: about %1 older records to go</source>
        <translation>前缀搜索索引：约剩 %1 条较早的记录</translation>
    </message>
</context>
<context>
    <name>valis::daytona::DaytonaFilesystem</name>
    <message>
        <source>workspace %1 on the Daytona sandbox %2</source>
        <translation>Daytona 沙箱 %2 上的工作区 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 is outside the workspace</source>
        <translation>%1 位于工作区之外</translation>
    </message>
    <message>
        <source>%1 leads outside the workspace</source>
        <translation>%1 通向工作区之外</translation>
    </message>
    <message>
        <source>%1: cannot look it up on the Daytona sandbox (exit %2): %3</source>
        <translation>%1：无法在 Daytona 沙箱上查找它（退出码 %2）：%3</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <source>%1 is not a folder</source>
        <translation>%1 不是文件夹</translation>
    </message>
    <message>
        <source>%1 is not a file</source>
        <translation>%1 不是文件</translation>
    </message>
    <message>
        <source>the workspace itself is not a file</source>
        <translation>工作区本身不是文件</translation>
    </message>
    <message>
        <source>%1: cannot replace it on the Daytona sandbox: %2</source>
        <translation>%1：无法在 Daytona 沙箱上替换它：%2</translation>
    </message>
    <message>
        <source>the workspace itself cannot be removed</source>
        <translation>无法删除工作区本身</translation>
    </message>
</context>
<context>
    <name>valis::daytona::DaytonaSandbox</name>
    <message>
        <source>Daytona answered HTTP %1: %2</source>
        <translation>Daytona 返回了 HTTP %1：%2</translation>
    </message>
    <message>
        <source>Daytona refused the API key (%1). Put a valid key from https://app.daytona.io/dashboard/keys in the keychain account &quot;daytona&quot; (valis-cli keys set daytona) or in DAYTONA_API_KEY.</source>
        <translation>Daytona 拒绝了该 API 密钥（%1）。请将 https://app.daytona.io/dashboard/keys 中的有效密钥存入钥匙串账户“daytona”（valis-cli keys set daytona）或 DAYTONA_API_KEY。</translation>
    </message>
    <message>
        <source>Daytona refused to create the sandbox: %1 Delete sandboxes you no longer need (valis-cli sandbox cleanup) or ask for smaller resources.</source>
        <translation>Daytona 拒绝创建沙箱：%1 请删除不再需要的沙箱（valis-cli sandbox cleanup），或申请更少的资源。</translation>
    </message>
    <message>
        <source>Daytona does not allow this with the API key given (%1): give the key the sandbox permissions at https://app.daytona.io/dashboard/keys.</source>
        <translation>所提供的 API 密钥不允许在 Daytona 上执行此操作（%1）：请在 https://app.daytona.io/dashboard/keys 为该密钥授予沙箱权限。</translation>
    </message>
    <message>
        <source>Daytona: %1</source>
        <translation>Daytona：%1</translation>
    </message>
    <message>
        <source>Daytona&apos;s rate limit was still hit after several tries (%1): wait a minute and try again.</source>
        <translation>多次重试后仍触发了 Daytona 的速率限制（%1）：请等待一分钟后重试。</translation>
    </message>
    <message>
        <source>Daytona cannot use that image or snapshot: %1 Check the &quot;image&quot; of the daytona section in config/sandboxes.json.</source>
        <translation>Daytona 无法使用该镜像或快照：%1 请检查 config/sandboxes.json 中 daytona 部分的“image”。</translation>
    </message>
    <message>
        <source>the Daytona sandbox is no longer running (%1): it was stopped or deleted. Start it again, or let Valis create a new one.</source>
        <translation>Daytona 沙箱已不在运行（%1）：它已被停止或删除。请重新启动它，或让 Valis 新建一个。</translation>
    </message>
    <message>
        <source>lost the connection to Daytona: %1. Check the network and DAYTONA_API_URL.</source>
        <translation>与 Daytona 的连接已断开：%1。请检查网络和 DAYTONA_API_URL。</translation>
    </message>
    <message>
        <source>Daytona</source>
        <translation>Daytona</translation>
    </message>
    <message>
        <source>the command ran longer than %1 s on the Daytona sandbox and was stopped</source>
        <translation>该命令在 Daytona 沙箱上运行超过 %1 秒，已被停止</translation>
    </message>
    <message>
        <source>the Daytona sandbox %1 is %2: it stopped while the command ran. Start it again, or let Valis create a new one.</source>
        <translation>Daytona 沙箱 %1 处于 %2 状态：它在命令运行期间停止了。请重新启动它，或让 Valis 新建一个。</translation>
    </message>
    <message>
        <source>the command ran longer than %1 s on the Daytona sandbox %2 and was stopped</source>
        <translation>该命令在 Daytona 沙箱 %2 上运行超过 %1 秒，已被停止</translation>
    </message>
    <message>
        <source>the command was stopped on the Daytona sandbox</source>
        <translation>该命令已在 Daytona 沙箱上被停止</translation>
    </message>
    <message>
        <source>%1 (while asking for %2)</source>
        <translation>%1（请求 %2 时）</translation>
    </message>
    <message>
        <source>Daytona did not say which command it started: %1</source>
        <translation>Daytona 没有说明它启动了哪个命令：%1</translation>
    </message>
    <message>
        <source>Daytona needs an API key: create one at https://app.daytona.io/dashboard/keys and put it in the keychain account &quot;daytona&quot; (valis-cli keys set daytona) or in DAYTONA_API_KEY.</source>
        <translation>Daytona 需要 API 密钥：请在 https://app.daytona.io/dashboard/keys 创建一个，并将其存入钥匙串账户“daytona”（valis-cli keys set daytona）或 DAYTONA_API_KEY。</translation>
    </message>
    <message>
        <source>Daytona could not build the sandbox&apos;s image: %1 Check the &quot;image&quot; of the daytona section in config/sandboxes.json.</source>
        <translation>Daytona 无法构建沙箱的镜像：%1 请检查 config/sandboxes.json 中 daytona 部分的“image”。</translation>
    </message>
    <message>
        <source>the Daytona sandbox %1 ended in the state &quot;%2&quot;: %3</source>
        <translation>Daytona 沙箱 %1 最终处于“%2”状态：%3</translation>
    </message>
    <message>
        <source>the Daytona sandbox %1 was not running after %2 s (still &quot;%3&quot;): raise readyTimeoutSeconds in config/sandboxes.json, or try again later</source>
        <translation>Daytona 沙箱 %1 在 %2 秒后仍未运行（仍为“%3”）：请调高 config/sandboxes.json 中的 readyTimeoutSeconds，或稍后重试</translation>
    </message>
    <message>
        <source>cannot find the home folder on the Daytona sandbox %1: %2</source>
        <translation>在 Daytona 沙箱 %1 上找不到主文件夹：%2</translation>
    </message>
    <message>
        <source>there is no Daytona sandbox %1 to reuse: check &quot;reuse&quot; in config/sandboxes.json (valis-cli sandbox list shows Valis&apos;s)</source>
        <translation>没有可复用的 Daytona 沙箱 %1：请检查 config/sandboxes.json 中的“reuse”（valis-cli sandbox list 会列出 Valis 创建的沙箱）</translation>
    </message>
    <message>
        <source>Daytona created a sandbox but did not say its id: %1</source>
        <translation>Daytona 创建了沙箱，但没有给出其 ID：%1</translation>
    </message>
    <message>
        <source>Deleting the half-created sandbox %1 failed too (%2): delete it with valis-cli sandbox cleanup.</source>
        <translation>删除创建了一半的沙箱 %1 也失败了（%2）：请用 valis-cli sandbox cleanup 将其删除。</translation>
    </message>
    <message>
        <source>Daytona&apos;s sandbox list did not end after 1000 pages</source>
        <translation>Daytona 的沙箱列表在 1000 页后仍未结束</translation>
    </message>
</context>
<context>
    <name>valis::mcp</name>
    <message>
        <source>the file is not a JSON object</source>
        <translation>该文件不是 JSON 对象</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a JSON object; fix it by hand first</source>
        <translation>&quot;%1&quot; 不是 JSON 对象；请先手动修正</translation>
    </message>
    <message>
        <source>[%1.%2] is written with dotted keys or as an inline table, which Valis does not edit; change it by hand to a table of its own</source>
        <translation>[%1.%2] 以点分键或内联表的形式编写，Valis 不编辑这种形式；请手动将其改为独立的表</translation>
    </message>
    <message>
        <source>%1 is an inline table, which Valis does not edit; add [%1.%2] by hand</source>
        <translation>%1 是内联表，Valis 不编辑内联表；请手动添加 [%1.%2]</translation>
    </message>
</context>
<context>
    <name>valis::recordjson</name>
    <message>
        <source>unknown part type &quot;%1&quot;</source>
        <translation>未知的部分类型“%1”</translation>
    </message>
    <message>
        <source>a text part has no &quot;text&quot; string</source>
        <translation>文本部分没有 &quot;text&quot; 字符串</translation>
    </message>
    <message>
        <source>a tool call has no &quot;name&quot;</source>
        <translation>工具调用没有 &quot;name&quot;</translation>
    </message>
    <message>
        <source>an image part has neither &quot;uri&quot; nor &quot;data&quot;</source>
        <translation>图片部分既没有 &quot;uri&quot; 也没有 &quot;data&quot;</translation>
    </message>
    <message>
        <source>a message has no &quot;id&quot;</source>
        <translation>消息没有 &quot;id&quot;</translation>
    </message>
    <message>
        <source>message %1 has an unknown role &quot;%2&quot;</source>
        <translation>消息 %1 的角色“%2”未知</translation>
    </message>
    <message>
        <source>message %1 has no &quot;parts&quot; array</source>
        <translation>消息 %1 没有 &quot;parts&quot; 数组</translation>
    </message>
    <message>
        <source>message %1 has a part that is not an object</source>
        <translation>消息 %1 中有一个部分不是对象</translation>
    </message>
    <message>
        <source>message %1: %2</source>
        <translation>消息 %1：%2</translation>
    </message>
    <message>
        <source>a session has no &quot;id&quot;</source>
        <translation>会话没有 &quot;id&quot;</translation>
    </message>
</context>
<context>
    <name>valis::rest::Client</name>
    <message>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 返回了 HTTP %2：%3</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s</source>
        <translation>%1 未在 %2 秒内应答</translation>
    </message>
    <message>
        <source>cannot reach %1: %2</source>
        <translation>无法连接 %1：%2</translation>
    </message>
    <message>
        <source>%1&apos;s address &quot;%2&quot; (%3) is not an http or https address such as %4</source>
        <translation>%1 的地址“%2”（%3）不是 http 或 https 地址，例如 %4</translation>
    </message>
    <message>
        <source>setting &quot;%1&quot;</source>
        <translation>设置“%1”</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::BwrapSandbox</name>
    <message>
        <source>unprivileged user namespaces are disabled (kernel.unprivileged_userns_clone = 0); enable them with: sysctl -w kernel.unprivileged_userns_clone=1</source>
        <translation>非特权用户命名空间已被禁用（kernel.unprivileged_userns_clone = 0）；可用以下命令启用：sysctl -w kernel.unprivileged_userns_clone=1</translation>
    </message>
    <message>
        <source>user namespaces are disabled (user.max_user_namespaces = 0); enable them with: sysctl -w user.max_user_namespaces=15000</source>
        <translation>用户命名空间已被禁用（user.max_user_namespaces = 0）；可用以下命令启用：sysctl -w user.max_user_namespaces=15000</translation>
    </message>
    <message>
        <source>AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns = 1); allow them for bwrap with an AppArmor profile, or run: sysctl -w kernel.apparmor_restrict_unprivileged_userns=0</source>
        <translation>AppArmor 限制了非特权用户命名空间（kernel.apparmor_restrict_unprivileged_userns = 1）；请通过 AppArmor 配置文件为 bwrap 允许使用，或运行：sysctl -w kernel.apparmor_restrict_unprivileged_userns=0</translation>
    </message>
    <message>
        <source>bubblewrap</source>
        <translation>bubblewrap</translation>
    </message>
    <message>
        <source>bubblewrap (bwrap) is not installed: install the bubblewrap package (apt install bubblewrap, dnf install bubblewrap), or turn isolation off.</source>
        <translation>未安装 bubblewrap（bwrap）：请安装 bubblewrap 软件包（apt install bubblewrap、dnf install bubblewrap），或关闭隔离。</translation>
    </message>
    <message>
        <source>bubblewrap cannot run: %1.</source>
        <translation>bubblewrap 无法运行：%1。</translation>
    </message>
    <message>
        <source>Could not create a temporary folder to try bubblewrap in.</source>
        <translation>无法创建用于试运行 bubblewrap 的临时文件夹。</translation>
    </message>
    <message>
        <source>Could not prepare a command to try bubblewrap with.</source>
        <translation>无法准备用于试运行 bubblewrap 的命令。</translation>
    </message>
    <message>
        <source>bubblewrap (%1) did not run a test command: %2</source>
        <translation>bubblewrap（%1）未能运行测试命令：%2</translation>
    </message>
    <message>
        <source>bubblewrap (%1) cannot create a sandbox here: %2</source>
        <translation>bubblewrap（%1）无法在此处创建沙箱：%2</translation>
    </message>
    <message>
        <source>Unprivileged user namespaces are probably disabled or restricted; enable them (kernel.unprivileged_userns_clone, user.max_user_namespaces, or the AppArmor restriction on Ubuntu), or install bwrap setuid root.</source>
        <translation>非特权用户命名空间可能已被禁用或受到限制；请启用它们（kernel.unprivileged_userns_clone、user.max_user_namespaces，或 Ubuntu 上的 AppArmor 限制），或以 setuid root 方式安装 bwrap。</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::CommandSetup</name>
    <message>
        <source>The command has no workspace folder.</source>
        <translation>该命令没有工作区文件夹。</translation>
    </message>
    <message>
        <source>The workspace &quot;%1&quot; is not an absolute path.</source>
        <translation>工作区“%1”不是绝对路径。</translation>
    </message>
    <message>
        <source>The workspace &quot;%1&quot; does not exist or is not a folder.</source>
        <translation>工作区“%1”不存在或不是文件夹。</translation>
    </message>
    <message>
        <source>The root folder cannot be a workspace.</source>
        <translation>根文件夹不能作为工作区。</translation>
    </message>
    <message>
        <source>The working directory &quot;%1&quot; is not an absolute path.</source>
        <translation>工作目录“%1”不是绝对路径。</translation>
    </message>
    <message>
        <source>The working directory &quot;%1&quot; is outside the workspace &quot;%2&quot;.</source>
        <translation>工作目录“%1”位于工作区“%2”之外。</translation>
    </message>
    <message>
        <source>The working directory &quot;%1&quot; does not exist.</source>
        <translation>工作目录“%1”不存在。</translation>
    </message>
    <message>
        <source>The working directory &quot;%1&quot; leads outside the workspace &quot;%2&quot;.</source>
        <translation>工作目录“%1”通向工作区“%2”之外。</translation>
    </message>
    <message>
        <source>There is no program &quot;%1&quot; the command can run.</source>
        <translation>没有该命令可以运行的程序“%1”。</translation>
    </message>
    <message>
        <source>There is no program &quot;%1&quot; in the command&apos;s PATH (%2).</source>
        <translation>在该命令的 PATH（%2）中没有程序“%1”。</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::LocalSandboxPlugin</name>
    <message>
        <source>&quot;readOnlyPaths&quot; must be a list of absolute folder paths.</source>
        <translation>&quot;readOnlyPaths&quot; 必须是由绝对文件夹路径组成的列表。</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::LocalSandboxProcess</name>
    <message>
        <source>The command did not finish within %1 ms and was stopped.</source>
        <translation>该命令未在 %1 毫秒内完成，已被停止。</translation>
    </message>
    <message>
        <source>The command was stopped before it started.</source>
        <translation>该命令在启动前即被停止。</translation>
    </message>
    <message>
        <source>The command was stopped.</source>
        <translation>该命令已被停止。</translation>
    </message>
    <message>
        <source>Could not start the command: %1</source>
        <translation>无法启动该命令：%1</translation>
    </message>
    <message>
        <source>Could not start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>The command kept trying to run more than %1 processes at once and was stopped.</source>
        <translation>该命令不断尝试同时运行超过 %1 个进程，已被停止。</translation>
    </message>
    <message>
        <source>Some processes the command started could not be stopped.</source>
        <translation>该命令启动的某些进程无法停止。</translation>
    </message>
    <message>
        <source>Its processes had been refused %1 times by the limit of %2 processes.</source>
        <translation>其进程已被 %2 个进程的上限拒绝了 %1 次。</translation>
    </message>
    <message>
        <source>The command tried to run more than %1 processes at once and was refused %2 times; it exited with %3, and what it left running was stopped.</source>
        <translation>该命令试图同时运行超过 %1 个进程，被拒绝了 %2 次；它以 %3 退出，其遗留的仍在运行的进程已被停止。</translation>
    </message>
    <message>
        <source>Could not place the command in its process-limit group %1.</source>
        <translation>无法将该命令放入其进程上限组 %1。</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::Modal</name>
    <message>
        <source>signing in</source>
        <translation>登录</translation>
    </message>
    <message>
        <source>Modal needs a token: set it with `valis-cli keys set modal-token-id` and `valis-cli keys set modal-token-secret`, or in MODAL_TOKEN_ID and MODAL_TOKEN_SECRET (create one with `modal token new` or on modal.com/settings/tokens)</source>
        <translation>Modal 需要令牌：请用 `valis-cli keys set modal-token-id` 和 `valis-cli keys set modal-token-secret` 设置，或设置在 MODAL_TOKEN_ID 和 MODAL_TOKEN_SECRET 中（可用 `modal token new` 或在 modal.com/settings/tokens 上创建令牌）</translation>
    </message>
    <message>
        <source>waiting for the image to build</source>
        <translation>等待镜像构建</translation>
    </message>
    <message>
        <source>Modal did not finish building the image %1 in time</source>
        <translation>Modal 未能及时完成镜像 %1 的构建</translation>
    </message>
    <message>
        <source>Modal refused the token while %1 (%2): check the token in MODAL_TOKEN_ID and MODAL_TOKEN_SECRET or the keychain accounts modal-token-id and modal-token-secret</source>
        <translation>Modal 在%1时拒绝了令牌（%2）：请检查 MODAL_TOKEN_ID 和 MODAL_TOKEN_SECRET 或钥匙串账户 modal-token-id 和 modal-token-secret 中的令牌</translation>
    </message>
    <message>
        <source>Modal refused %1 for lack of quota or capacity: %2</source>
        <translation>Modal 在%1时因配额或容量不足而拒绝了请求：%2</translation>
    </message>
    <message>
        <source>Modal found nothing while %1: %2</source>
        <translation>Modal 在%1时未找到任何内容：%2</translation>
    </message>
    <message>
        <source>Modal at %1 could not be reached while %2 (%3)</source>
        <translation>在%2时无法连接位于 %1 的 Modal（%3）</translation>
    </message>
    <message>
        <source>Modal did not answer in time while %1</source>
        <translation>Modal 在%1时未及时应答</translation>
    </message>
    <message>
        <source>Modal answered %1 while %2: %3</source>
        <translation>Modal 在%2时返回了 %1：%3</translation>
    </message>
    <message>
        <source>the Modal sandbox %1 stopped (%2) while the command ran</source>
        <translation>Modal 沙箱 %1 在命令运行期间停止了（%2）</translation>
    </message>
    <message>
        <source>the command was stopped</source>
        <translation>该命令已被停止</translation>
    </message>
    <message>
        <source>starting a command</source>
        <translation>启动命令</translation>
    </message>
    <message>
        <source>asking for the sandbox&apos;s command router</source>
        <translation>请求沙箱的命令路由器</translation>
    </message>
    <message>
        <source>checking the sandbox</source>
        <translation>检查沙箱</translation>
    </message>
    <message>
        <source>terminated</source>
        <translation>已被终止</translation>
    </message>
    <message>
        <source>its timeout was reached</source>
        <translation>已达到其超时时间</translation>
    </message>
    <message>
        <source>idle too long</source>
        <translation>空闲时间过长</translation>
    </message>
    <message>
        <source>finished with status %1</source>
        <translation>以状态 %1 结束</translation>
    </message>
    <message>
        <source>waiting for a command</source>
        <translation>等待命令</translation>
    </message>
    <message>
        <source>the command did not finish in time</source>
        <translation>该命令未能及时完成</translation>
    </message>
    <message>
        <source>the connection to the Modal sandbox %1 broke while reading the command&apos;s output (%2); the command exited with %3 but its output is incomplete</source>
        <translation>读取命令输出时与 Modal 沙箱 %1 的连接中断（%2）；该命令以 %3 退出，但其输出不完整</translation>
    </message>
    <message>
        <source>Modal sandbox %1</source>
        <translation>Modal 沙箱 %1</translation>
    </message>
    <message>
        <source>Modal</source>
        <translation>Modal</translation>
    </message>
    <message>
        <source>Modal needs a token: set it with `valis-cli keys set modal-token-id` and `valis-cli keys set modal-token-secret`, or in MODAL_TOKEN_ID and MODAL_TOKEN_SECRET</source>
        <translation>Modal 需要令牌：请用 `valis-cli keys set modal-token-id` 和 `valis-cli keys set modal-token-secret` 设置，或设置在 MODAL_TOKEN_ID 和 MODAL_TOKEN_SECRET 中</translation>
    </message>
    <message>
        <source>looking up the app &quot;valis&quot;</source>
        <translation>查找应用“valis”</translation>
    </message>
    <message>
        <source>looking up the environment</source>
        <translation>查找环境</translation>
    </message>
    <message>
        <source>asking for the image %1</source>
        <translation>请求镜像 %1</translation>
    </message>
    <message>
        <source>Modal could not build the image %1: %2</source>
        <translation>Modal 无法构建镜像 %1：%2</translation>
    </message>
    <message>
        <source>storing the sandbox&apos;s environment</source>
        <translation>存储沙箱的环境</translation>
    </message>
    <message>
        <source>creating the sandbox</source>
        <translation>创建沙箱</translation>
    </message>
    <message>
        <source>waiting for the sandbox %1 to start</source>
        <translation>等待沙箱 %1 启动</translation>
    </message>
    <message>
        <source>the Modal sandbox %1 has stopped (%2)</source>
        <translation>Modal 沙箱 %1 已停止（%2）</translation>
    </message>
    <message>
        <source>the Modal sandbox %1 was not running after %2 s, so it was terminated; Modal may be short of capacity: try again or raise readyTimeoutSeconds</source>
        <translation>Modal 沙箱 %1 在 %2 秒后仍未运行，因此已将其终止；Modal 可能容量不足：请重试或调高 readyTimeoutSeconds</translation>
    </message>
    <message>
        <source>the Modal sandbox %1 could not make its workspace folder (exit %2): %3</source>
        <translation>Modal 沙箱 %1 无法创建其工作区文件夹（退出码 %2）：%3</translation>
    </message>
    <message>
        <source>listing the sandboxes</source>
        <translation>列出沙箱</translation>
    </message>
    <message>
        <source>terminating the sandbox %1</source>
        <translation>终止沙箱 %1</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::PlainSandbox</name>
    <message>
        <source>no isolation (plain process)</source>
        <translation>无隔离（普通进程）</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::ProcessLimit</name>
    <message>
        <source>The process limit mechanism &quot;%1&quot; is not usable here (this process can use: %2).</source>
        <translation>进程上限机制“%1”在此处不可用（此进程可以使用：%2）。</translation>
    </message>
    <message>
        <source>Could not create the process-limit group %1.</source>
        <translation>无法创建进程上限组 %1。</translation>
    </message>
    <message>
        <source>Could not set the process limit in %1.</source>
        <translation>无法在 %1 中设置进程上限。</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::RunloopSandbox</name>
    <message>
        <source>no details</source>
        <translation>无详细信息</translation>
    </message>
    <message>
        <source>Runloop refused the API key (%1): set RUNLOOP_API_KEY or store a valid key in the keychain account &quot;runloop&quot;</source>
        <translation>Runloop 拒绝了该 API 密钥（%1）：请设置 RUNLOOP_API_KEY，或将有效密钥存入钥匙串账户“runloop”</translation>
    </message>
    <message>
        <source>Runloop refused to create a devbox: %1. Shut down devboxes you no longer need (valis-cli sandbox cleanup) or raise the account&apos;s limits</source>
        <translation>Runloop 拒绝创建 devbox：%1。请关闭不再需要的 devbox（valis-cli sandbox cleanup），或提高账户的限额</translation>
    </message>
    <message>
        <source>Runloop refused the request (%1): check that the API key in RUNLOOP_API_KEY or the keychain account &quot;runloop&quot; may do this</source>
        <translation>Runloop 拒绝了该请求（%1）：请检查 RUNLOOP_API_KEY 或钥匙串账户“runloop”中的 API 密钥是否有权执行此操作</translation>
    </message>
    <message>
        <source>Runloop: %1</source>
        <translation>Runloop：%1</translation>
    </message>
    <message>
        <source>Runloop kept answering &quot;too many requests&quot; (%1): wait a minute and try again</source>
        <translation>Runloop 持续返回“too many requests”（%1）：请等待一分钟后重试</translation>
    </message>
    <message>
        <source>the Runloop devbox is no longer running (%1): start the session again so Valis creates a new one</source>
        <translation>Runloop devbox 已不在运行（%1）：请重新启动会话，以便 Valis 新建一个</translation>
    </message>
    <message>
        <source>Runloop answered HTTP %1: %2</source>
        <translation>Runloop 返回了 HTTP %1：%2</translation>
    </message>
    <message>
        <source>cannot talk to Runloop at %1 (%2): check the network, RUNLOOP_BASE_URL or the plugin&apos;s &quot;baseUrl&quot; setting</source>
        <translation>无法与位于 %1 的 Runloop 通信（%2）：请检查网络、RUNLOOP_BASE_URL 或插件的“baseUrl”设置</translation>
    </message>
    <message>
        <source>no Runloop API key: set RUNLOOP_API_KEY or store the key in the keychain account &quot;runloop&quot; (valis-cli keys set runloop)</source>
        <translation>没有 Runloop API 密钥：请设置 RUNLOOP_API_KEY，或将密钥存入钥匙串账户“runloop”（valis-cli keys set runloop）</translation>
    </message>
    <message>
        <source>workspace %1 on the Runloop devbox %2</source>
        <translation>Runloop devbox %2 上的工作区 %1</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file</source>
        <translation>%1 是文件夹，不是文件</translation>
    </message>
    <message>
        <source>the workspace root is a folder, not a file</source>
        <translation>工作区根目录是文件夹，不是文件</translation>
    </message>
    <message>
        <source>%1 leads outside the workspace</source>
        <translation>%1 通向工作区之外</translation>
    </message>
    <message>
        <source>cannot write %1 on the Runloop devbox: %2</source>
        <translation>无法在 Runloop devbox 上写入 %1：%2</translation>
    </message>
    <message>
        <source>%1 on the Runloop devbox: %2</source>
        <translation>Runloop devbox 上的 %1：%2</translation>
    </message>
    <message>
        <source>Runloop</source>
        <translation>Runloop</translation>
    </message>
    <message>
        <source>the command ran longer than %1 s on the Runloop devbox %2 and was stopped</source>
        <translation>该命令在 Runloop devbox %2 上运行超过 %1 秒，已被停止</translation>
    </message>
    <message>
        <source>the Runloop devbox %1 stopped (%2) while the command ran: start the session again so Valis creates a new one</source>
        <translation>Runloop devbox %1 在命令运行期间停止了（%2）：请重新启动会话，以便 Valis 新建一个</translation>
    </message>
    <message>
        <source>the Runloop devbox %1 no longer exists</source>
        <translation>Runloop devbox %1 已不存在</translation>
    </message>
    <message>
        <source>the command was stopped</source>
        <translation>该命令已被停止</translation>
    </message>
    <message>
        <source>the Runloop devbox %1 was not running after %2 s: raise readyTimeoutSeconds in config/sandboxes.json, or try a smaller blueprint</source>
        <translation>Runloop devbox %1 在 %2 秒后仍未运行：请调高 config/sandboxes.json 中的 readyTimeoutSeconds，或尝试更小的蓝图</translation>
    </message>
    <message>
        <source>Runloop could not boot a devbox from &quot;%1&quot; (%2): check that the blueprint or snapshot exists and built</source>
        <translation>Runloop 无法从“%1”启动 devbox（%2）：请检查该蓝图或快照是否存在并已构建成功</translation>
    </message>
    <message>
        <source>Runloop could not boot the devbox %1 (%2)</source>
        <translation>Runloop 无法启动 devbox %1（%2）</translation>
    </message>
    <message>
        <source>the Runloop devbox %1 is %2, not running: resume it in Runloop&apos;s dashboard or let Valis create a new one</source>
        <translation>Runloop devbox %1 处于 %2 状态，未在运行：请在 Runloop 控制台中恢复它，或让 Valis 新建一个</translation>
    </message>
    <message>
        <source>Runloop refused the blueprint &quot;%1&quot;: %2</source>
        <translation>Runloop 拒绝了蓝图“%1”：%2</translation>
    </message>
    <message>
        <source>there is no Runloop devbox %1: check the id to reuse, or leave it empty so Valis creates one</source>
        <translation>没有 Runloop devbox %1：请检查要复用的 ID，或将其留空以便 Valis 新建一个</translation>
    </message>
    <message>
        <source>cannot prepare the workspace on the Runloop devbox %1: %2</source>
        <translation>无法在 Runloop devbox %1 上准备工作区：%2</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::SandboxExecSandbox</name>
    <message>
        <source>macOS sandbox (sandbox-exec)</source>
        <translation>macOS 沙箱（sandbox-exec）</translation>
    </message>
    <message>
        <source>%1 is missing; it is part of macOS.</source>
        <translation>缺少 %1；它是 macOS 的一部分。</translation>
    </message>
    <message>
        <source>Could not create the command&apos;s temporary folder.</source>
        <translation>无法创建该命令的临时文件夹。</translation>
    </message>
</context>
<context>
    <name>valis::web::WebSettings</name>
    <message>
        <source>%1.%2 %3</source>
        <translation>%1.%2 %3</translation>
    </message>
    <message>
        <source>must be a whole number from %1 to %2</source>
        <translation>必须是 %1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <source>must be one of: %1</source>
        <translation>必须是以下之一：%1</translation>
    </message>
    <message>
        <source>must be a non-empty string</source>
        <translation>必须是非空字符串</translation>
    </message>
    <message>
        <source>must be an http or https address, not &quot;%1&quot;</source>
        <translation>必须是 http 或 https 地址，而不是“%1”</translation>
    </message>
    <message>
        <source>must be a list of domain names</source>
        <translation>必须是域名列表</translation>
    </message>
    <message>
        <source>must be a list of domain names such as &quot;example.com&quot;</source>
        <translation>必须是域名列表，例如“example.com”</translation>
    </message>
    <message>
        <source>%1 must be an http or https address, not &quot;%2&quot;</source>
        <translation>%1 必须是 http 或 https 地址，而不是“%2”</translation>
    </message>
    <message>
        <source>unknown section &quot;%1&quot;</source>
        <translation>未知部分“%1”</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object</source>
        <translation>“%1”必须是对象</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1.%2&quot;</source>
        <translation>未知设置“%1.%2”</translation>
    </message>
    <message>
        <source>config/web.json allows fetch_url to reach loopback addresses (allowLoopback): a setting for tests only, which lets the agent reach services on this machine. Link-local and cloud-metadata addresses stay refused.</source>
        <translation>config/web.json 允许 fetch_url 访问环回地址（allowLoopback）：这是仅供测试使用的设置，会让智能体能够访问本机上的服务。链路本地地址和云元数据地址仍会被拒绝。</translation>
    </message>
</context>
<context>
    <name>valis::wire::anthropic</name>
    <message>
        <source>a text block needs a &quot;text&quot; string</source>
        <translation>text 块需要 &quot;text&quot; 字符串</translation>
    </message>
    <message>
        <source>a thinking block needs a &quot;thinking&quot; string</source>
        <translation>thinking 块需要 &quot;thinking&quot; 字符串</translation>
    </message>
    <message>
        <source>a thinking block&apos;s &quot;signature&quot; must be a string</source>
        <translation>thinking 块的 &quot;signature&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>a redacted_thinking block needs a &quot;data&quot; string</source>
        <translation>redacted_thinking 块需要 &quot;data&quot; 字符串</translation>
    </message>
    <message>
        <source>a %1 block needs &quot;id&quot; and &quot;name&quot; strings</source>
        <translation>%1 块需要 &quot;id&quot; 和 &quot;name&quot; 字符串</translation>
    </message>
    <message>
        <source>a %1 block needs a &quot;tool_use_id&quot; string</source>
        <translation>%1 块需要 &quot;tool_use_id&quot; 字符串</translation>
    </message>
    <message>
        <source>a %1 block&apos;s &quot;content&quot; must be a string or an array</source>
        <translation>%1 块的 &quot;content&quot; 必须是字符串或数组</translation>
    </message>
    <message>
        <source>an image block needs a &quot;source&quot; object</source>
        <translation>image 块需要 &quot;source&quot; 对象</translation>
    </message>
    <message>
        <source>a content block needs a &quot;type&quot; string</source>
        <translation>内容块需要 &quot;type&quot; 字符串</translation>
    </message>
    <message>
        <source>a content block must be an object</source>
        <translation>内容块必须是对象</translation>
    </message>
    <message>
        <source>a message needs a &quot;role&quot; string</source>
        <translation>消息需要 &quot;role&quot; 字符串</translation>
    </message>
    <message>
        <source>unknown message role &quot;%1&quot; (expected user or assistant)</source>
        <translation>未知的消息角色“%1”（应为 user 或 assistant）</translation>
    </message>
    <message>
        <source>a message needs &quot;content&quot; as a string or an array of blocks</source>
        <translation>消息的 &quot;content&quot; 必须是字符串或块数组</translation>
    </message>
    <message>
        <source>a message must be an object</source>
        <translation>消息必须是对象</translation>
    </message>
    <message>
        <source>the system prompt must be a string or an array of text blocks</source>
        <translation>系统提示必须是字符串或 text 块数组</translation>
    </message>
</context>
<context>
    <name>valis::wire::openaichat</name>
    <message>
        <source>content part %1 is not an object</source>
        <translation>内容部分 %1 不是对象</translation>
    </message>
    <message>
        <source>content part %1 has no type</source>
        <translation>内容部分 %1 没有类型</translation>
    </message>
    <message>
        <source>&quot;content&quot; is neither a string, an array nor null</source>
        <translation>&quot;content&quot; 既不是字符串，也不是数组或 null</translation>
    </message>
    <message>
        <source>tool call %1 is not an object</source>
        <translation>工具调用 %1 不是对象</translation>
    </message>
    <message>
        <source>the id of tool call %1 is not a string</source>
        <translation>工具调用 %1 的 ID 不是字符串</translation>
    </message>
    <message>
        <source>the type of tool call %1 is not a string</source>
        <translation>工具调用 %1 的类型不是字符串</translation>
    </message>
    <message>
        <source>tool call %1 has no &quot;%2&quot; object</source>
        <translation>工具调用 %1 没有 &quot;%2&quot; 对象</translation>
    </message>
    <message>
        <source>tool call %1 has no function name</source>
        <translation>工具调用 %1 没有函数名</translation>
    </message>
    <message>
        <source>the arguments of tool call %1 are not a string</source>
        <translation>工具调用 %1 的参数不是字符串</translation>
    </message>
    <message>
        <source>&quot;tool_calls&quot; is not an array</source>
        <translation>&quot;tool_calls&quot; 不是数组</translation>
    </message>
    <message>
        <source>&quot;function_call&quot; is not a function call: %1</source>
        <translation>&quot;function_call&quot; 不是函数调用：%1</translation>
    </message>
    <message>
        <source>a function message needs a &quot;name&quot;</source>
        <translation>function 消息需要 &quot;name&quot;</translation>
    </message>
    <message>
        <source>a tool message needs a &quot;tool_call_id&quot; string</source>
        <translation>tool 消息需要 &quot;tool_call_id&quot; 字符串</translation>
    </message>
    <message>
        <source>the message has no &quot;role&quot;</source>
        <translation>该消息没有 &quot;role&quot;</translation>
    </message>
    <message>
        <source>unknown role &quot;%1&quot;</source>
        <translation>未知角色“%1”</translation>
    </message>
    <message>
        <source>the message is not a JSON object</source>
        <translation>该消息不是 JSON 对象</translation>
    </message>
    <message>
        <source>(the tool returned images; they follow in the next message)</source>
        <translation>（该工具返回了图片；图片在下一条消息中）</translation>
    </message>
</context>
<context>
    <name>valis::wire::openairesponses</name>
    <message>
        <source>%1 without a string &quot;%2&quot;</source>
        <translation>%1 缺少字符串类型的 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>a content element must be an object</source>
        <translation>内容元素必须是对象</translation>
    </message>
    <message>
        <source>a content element without a string &quot;type&quot;</source>
        <translation>内容元素缺少字符串类型的 &quot;type&quot;</translation>
    </message>
    <message>
        <source>a message&apos;s &quot;content&quot; must be a string or an array</source>
        <translation>消息的 &quot;content&quot; 必须是字符串或数组</translation>
    </message>
    <message>
        <source>%1 without a &quot;call_id&quot;</source>
        <translation>%1 缺少 &quot;call_id&quot;</translation>
    </message>
    <message>
        <source>local_shell_call without an &quot;action&quot; object</source>
        <translation>local_shell_call 缺少 &quot;action&quot; 对象</translation>
    </message>
    <message>
        <source>%1&apos;s &quot;output&quot; must be a string or an array</source>
        <translation>%1 的 &quot;output&quot; 必须是字符串或数组</translation>
    </message>
    <message>
        <source>a reasoning element must be an object</source>
        <translation>reasoning 元素必须是对象</translation>
    </message>
    <message>
        <source>a reasoning item&apos;s &quot;%1&quot; must be an array</source>
        <translation>reasoning 条目的 &quot;%1&quot; 必须是数组</translation>
    </message>
    <message>
        <source>a message item without a string &quot;role&quot;</source>
        <translation>message 条目缺少字符串类型的 &quot;role&quot;</translation>
    </message>
    <message>
        <source>unknown message role &quot;%1&quot;</source>
        <translation>未知的消息角色“%1”</translation>
    </message>
    <message>
        <source>an item must be an object</source>
        <translation>条目必须是对象</translation>
    </message>
    <message>
        <source>an item with neither &quot;type&quot; nor &quot;role&quot;</source>
        <translation>条目既没有 &quot;type&quot; 也没有 &quot;role&quot;</translation>
    </message>
    <message>
        <source>an item&apos;s &quot;type&quot; must be a string</source>
        <translation>条目的 &quot;type&quot; 必须是字符串</translation>
    </message>
</context>
</TS>
