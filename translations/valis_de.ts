<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>valis</name>
    <message>
        <source>Valis, a desktop agent harness.</source>
        <translation>Valis, eine Desktop-Umgebung für KI-Agenten.</translation>
    </message>
    <message>
        <source>Keep all of Valis&apos;s files in DIR (also: VALIS_HOME).</source>
        <translation>Alle Dateien von Valis in DIR ablegen (auch: VALIS_HOME).</translation>
    </message>
    <message>
        <source>Open the session ID.</source>
        <translation>Die Sitzung ID öffnen.</translation>
    </message>
    <message>
        <source>Start without loading any plugin.</source>
        <translation>Ohne Plugins starten.</translation>
    </message>
</context>
<context>
    <name>valis::AgentLoop</name>
    <message>
        <source>two tools share a name: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the turn stopped after %1 model requests, its step limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the turn stopped after spending $%1 of its $%2 budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer stopped (%1) while a tool call&apos;s arguments were still being written; that call was not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer was cut off at the model&apos;s output limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[not run: the answer was interrupted (%1) after this call was made]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[not run: the user interrupted the turn]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::AiderImporter</name>
    <message>
        <source>Aider chat history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aider writes local times without a zone; they were read as UTC, and every message carries its session&apos;s start time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file starts inside a session whose header is not in it; those lines are session 0, dated by the first header.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped the Emacs mode line on line 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n reply(s) left a code fence open (cut off); each was ended at the next input or Aider output.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>the session header&apos;s time &quot;%1&quot; is not YYYY-MM-DD HH:MM:SS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an Aider chat history: no &quot;# aider chat started at&quot; line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aider chat of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aider chat (start not in the file)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::ApprovalDialog</name>
    <message>
        <source>Allow %1?</source>
        <translation>%1 erlauben?</translation>
    </message>
    <message>
        <source>The agent wants to run &lt;b&gt;%1&lt;/b&gt; (from %2) with these arguments:</source>
        <translation>Der Agent möchte &lt;b&gt;%1&lt;/b&gt; (aus %2) mit diesen Argumenten ausführen:</translation>
    </message>
    <message>
        <source>Reason for a denial (told to the agent)</source>
        <translation>Grund für eine Ablehnung (wird dem Agenten mitgeteilt)</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>Für diese Sitzung erlauben</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>Immer erlauben</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
</context>
<context>
    <name>valis::ApprovalPolicy</name>
    <message>
        <source>&quot;%1&quot; must be an object of names to allow, ask or deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the rule for &quot;%1&quot; is &quot;%2&quot;; it must be allow, ask or deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>these approval rules have no file to be kept in</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::BlobStore</name>
    <message>
        <source>cannot create the blob folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a blob reference: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the blob is missing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the blob&apos;s content does not match its hash</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::ClaudeCodeImporter</name>
    <message>
        <source>Claude Code session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent %1 (Task call %2) has no subagent transcript file; only its progress lines mention it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is empty: a Claude Code session has at least one line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;uuid&quot; must be a non-empty string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;parentUuid&quot; must be a string or null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the line has no &quot;type&quot;: not a Claude Code session line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;timestamp&quot; is not an ISO 8601 time: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 line needs a &quot;uuid&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 line needs a &quot;message&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (at %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left out 1 %1 line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left out %1 %2 lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no Task tool call in the parent session names agent %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::CodexImporter</name>
    <message>
        <source>left out %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rebuilt %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI Codex CLI (rollout or TUI session log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>neither a Codex rollout (no session_meta first) nor a Codex TUI session log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a rollout line without a string &quot;type&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 line without a &quot;payload&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a turn_context whose &quot;model&quot; is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a session_meta without a session &quot;id&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a Responses API item: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event_msg without a string &quot;type&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a token_count event of the wrong shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a user_message event without a string &quot;message&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a compacted line without a string &quot;message&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a session log line without string &quot;dir&quot; and &quot;kind&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a codex_event without a &quot;msg&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an op without a &quot;payload&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a key_event without a string &quot;event&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a codex event without a string &quot;type&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a session_configured event without a &quot;session_id&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 event without a string &quot;delta&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 event without a string &quot;text&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an agent_message event without a string &quot;message&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 event without a string &quot;call_id&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an exec_command_begin event without a &quot;command&quot; array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a patch_apply_begin event without a &quot;changes&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 event without its &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::ComposerWidget</name>
    <message>
        <source>The provider the turn goes to</source>
        <translation>Der Anbieter, an den die Runde geht</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>The model, as the provider names it</source>
        <translation>Das Modell, wie der Anbieter es nennt</translation>
    </message>
    <message>
        <source>Ask the agent… (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Den Agenten fragen … (Eingabe sendet, Umschalt+Eingabe beginnt eine neue Zeile)</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stop the running turn (Ctrl+.)</source>
        <translation>Die laufende Runde anhalten (Strg+.)</translation>
    </message>
</context>
<context>
    <name>valis::ContextPipeline</name>
    <message>
        <source>[interrupted: this call did not finish, so it has no result. Run it again if it is still needed.]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[a call of %1 was cut off before its arguments were complete; it was not run]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::ConversationController</name>
    <message>
        <source>Starting plugins…</source>
        <translation>Plugins werden gestartet …</translation>
    </message>
    <message>
        <source>No provider plugin is running; see the plugin status.</source>
        <translation>Kein Anbieter-Plugin läuft; siehe den Plugin-Status.</translation>
    </message>
    <message>
        <source>The provider settings could not be read: %1</source>
        <translation>Die Anbieter-Einstellungen konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The approval rules could not be read (every call will be asked): %1</source>
        <translation>Die Freigaberegeln konnten nicht gelesen werden (jeder Aufruf wird erfragt): %1</translation>
    </message>
    <message>
        <source>Choose a model for %1 first.</source>
        <translation>Wählen Sie zuerst ein Modell für %1.</translation>
    </message>
    <message>
        <source>The provider %1 is not running.</source>
        <translation>Der Anbieter %1 läuft nicht.</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbindung zu %1 …</translation>
    </message>
    <message>
        <source>You: %1</source>
        <translation>Sie: %1</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>In Arbeit …</translation>
    </message>
    <message>
        <source>→ %1 %2</source>
        <translation>→ %1 %2</translation>
    </message>
    <message>
        <source>Retrying in %1 s: %2</source>
        <translation>Neuer Versuch in %1 s: %2</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
</context>
<context>
    <name>valis::FailureClassifier</name>
    <message>
        <source>Store a key with &quot;valis-cli keys set %1&quot; (it goes to the OS keychain)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or set %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys are issued at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs an API key and none was sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 accepted the API key from %2 but refuses it this request: the key lacks permission for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused the API key from %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refuses requests until the account&apos;s quota or billing is sorted out; retrying cannot help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is limiting the rate of requests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is overloaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 had a server error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request does not fit the model&apos;s context window at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused the request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not reach %1 at %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sent nothing for too long; the request was given up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to %1 ended in the middle of the answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sent an answer that could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request to %1 was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::HttpSseStream</name>
    <message>
        <source>The request has no network access or no stream decoder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server gave no HTTP status.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection closed in the middle of an event.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection closed before the end of the answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data arrived within the idle timeout of %1 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected an event stream (text/event-stream) but the server answered %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::JsonSource</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON (%1 at column %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a JSON object on this line</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::JsonlExport</name>
    <message>
        <source>cannot write the export: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::KeychainCredentialStore</name>
    <message>
        <source>No keychain account was named.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the provider&apos;s API key environment variable (such as ANTHROPIC_API_KEY) instead, or start a Secret Service such as gnome-keyring or KWallet in your session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain can be reached: there is no D-Bus session bus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain can be reached: no Secret Service runs on the D-Bus session bus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain is available on this system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain refused access to the key for &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unlock the keychain or allow Valis to use it, or set the provider&apos;s API key environment variable instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain could not read the key for &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain could not store the key for &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain could not remove the key for &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::MainWindow</name>
    <message>
        <source>Valis</source>
        <translation>Valis</translation>
    </message>
    <message>
        <source>Filter sessions</source>
        <translation>Sitzungen filtern</translation>
    </message>
    <message>
        <source>Loading sessions…</source>
        <translation>Sitzungen werden geladen…</translation>
    </message>
    <message>
        <source>Plugins: starting…</source>
        <translation>Plugins: werden gestartet…</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Reload sessions</source>
        <translation>Sitzungen &amp;neu laden</translation>
    </message>
    <message>
        <source>&amp;Filter sessions</source>
        <translation>Sitzungen &amp;filtern</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Valis</source>
        <translation>&amp;Über Valis</translation>
    </message>
    <message>
        <source>About Valis</source>
        <translation>Über Valis</translation>
    </message>
    <message>
        <source>&lt;b&gt;Valis %1&lt;/b&gt;&lt;p&gt;A desktop agent harness whose context never fills up.&lt;/p&gt;&lt;p&gt;Profile: %2&lt;/p&gt;</source>
        <translation>&lt;b&gt;Valis %1&lt;/b&gt;&lt;p&gt;Eine Agenten-Umgebung, deren Kontext nie überläuft.&lt;/p&gt;&lt;p&gt;Profil: %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>A plugin may have crashed Valis</source>
        <translation>Ein Plugin hat Valis vielleicht abstürzen lassen</translation>
    </message>
    <message>
        <source>The plugin &quot;%1&quot; was loading when Valis last stopped unexpectedly. Disable it?</source>
        <translation>Das Plugin „%1“ wurde gerade geladen, als Valis zuletzt unerwartet beendet wurde. Deaktivieren?</translation>
    </message>
    <message>
        <source>Disabled the plugin &quot;%1&quot;.</source>
        <translation>Das Plugin „%1“ wurde deaktiviert.</translation>
    </message>
    <message>
        <source>Could not disable the plugin &quot;%1&quot;: %2</source>
        <translation>Das Plugin „%1“ konnte nicht deaktiviert werden: %2</translation>
    </message>
    <message>
        <source>All plugins started.</source>
        <translation>Alle Plugins laufen.</translation>
    </message>
    <message>
        <source>Plugins: safe mode, none loaded</source>
        <translation>Plugins: abgesicherter Modus, keines geladen</translation>
    </message>
    <message>
        <source>Plugins: %1 running</source>
        <translation>Plugins: %1 aktiv</translation>
    </message>
    <message>
        <source>Plugins: %1 running, %2 with problems</source>
        <translation>Plugins: %1 aktiv, %2 mit Problemen</translation>
    </message>
    <message numerus="yes">
        <source>%n sessions in %1</source>
        <translation>
            <numerusform>%n Sitzung in %1</numerusform>
            <numerusform>%n Sitzungen in %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No sessions yet. Import your agent transcripts with &apos;valis-cli import ~/.claude/projects&apos; or start a session.</source>
        <translation>Noch keine Sitzungen. Importieren Sie Ihre Agenten-Verläufe mit „valis-cli import ~/.claude/projects“ oder starten Sie eine Sitzung.</translation>
    </message>
    <message>
        <source>Choose a session on the left.</source>
        <translation>Wählen Sie links eine Sitzung.</translation>
    </message>
    <message>
        <source>There is no session &quot;%1&quot;.</source>
        <translation>Es gibt keine Sitzung „%1“.</translation>
    </message>
    <message>
        <source>Session store: %1</source>
        <translation>Sitzungsspeicher: %1</translation>
    </message>
    <message>
        <source>The session store could not be read: %1</source>
        <translation>Der Sitzungsspeicher konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1 requests · cache hits %2% · $%3%4</source>
        <translation>%1 Anfragen · Cache-Treffer %2 % · $%3%4</translation>
    </message>
    <message>
        <source> + unknown</source>
        <translation> + unbekannt</translation>
    </message>
    <message>
        <source>&amp;New session</source>
        <translation>&amp;Neue Sitzung</translation>
    </message>
    <message>
        <source>A new session: write the first turn below.</source>
        <translation>Eine neue Sitzung: Schreiben Sie die erste Runde unten.</translation>
    </message>
</context>
<context>
    <name>valis::MarkdownExport</name>
    <message>
        <source>- Session: `%1` (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- Workspace: `%1`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- Started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- Started by session `%1`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>marker: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write the export: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Assistant (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>(redacted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Tool call** `%1` (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Tool result** (%1, error)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Tool result** (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>*[image %1, %2]*</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::ModelCatalog</name>
    <message>
        <source>&quot;%1&quot; is the id of %2, so it cannot be an alias of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the name &quot;%1&quot; is claimed by %2 and %3; %3 wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a model id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is an alias of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ignored letter case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; was read as %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not in the model catalogue; using %2, the longest known name it starts with. Its limits and prices may differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your model catalogue override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Valis does not know the model &quot;%1&quot;; it assumes a %2-token context window, %3 output tokens and unknown prices. Add the model to %4 to set its real limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1.%2&quot; must be a price of 0 or more, or null for unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON (%1 at column %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a model catalogue must be a JSON object with a &quot;models&quot; array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no &quot;formatVersion&quot;; reading it as version %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;formatVersion&quot; must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file has format version %1, but this Valis reads version %2 at most; it is ignored and left as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a model catalogue must have a &quot;models&quot; array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each element of &quot;models&quot; must be an object; this one is skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entry has no &quot;id&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;contextWindow&quot; must be a whole number of tokens greater than 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;maxOutputTokens&quot; must be a whole number of tokens greater than 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;maxOutputTokens&quot; (%1) is larger than &quot;contextWindow&quot; (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;prices&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;longContextPrices&quot; must be an object with &quot;aboveInputTokens&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;capabilities&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;capabilities.%1&quot; must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;aliases&quot; must be an array of names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model &quot;%1&quot;: unknown key &quot;%2&quot; is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the model catalogue: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model &quot;%1&quot; is listed twice; the second entry is skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the built-in entry is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrote version dots as dashes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>put the model family before its version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed &quot;-latest&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed the date suffix &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed the reasoning suffix &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ignored letter case and spaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed the &quot;%1&quot; suffix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed the provider prefix &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed the Bedrock prefix &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed the Bedrock version &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read the Vertex version &quot;%1&quot; as a date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed the variant tag parts of &quot;:%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read the tag &quot;:%1&quot; as part of the name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped the tag &quot;:%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::OpenHandsImporter</name>
    <message>
        <source>OpenHands trajectory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenHands timestamps carry no time zone; they were read as UTC.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Left out %n event(s) the model never saw: %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n observation(s) answer no tool call and were kept as system messages</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>expected a JSON array of OpenHands events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event #%1 of the array is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event #%1 of the array has no integer &quot;id&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event %1: the id is used twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event has exactly one of &quot;action&quot; and &quot;observation&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;action&quot; is not a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;observation&quot; is not a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;source&quot; is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;cause&quot; is not an event id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;timestamp&quot; is not an ISO 8601 time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;tool_call_metadata.tool_call_id&quot; is not a string</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::PluginManager</name>
    <message>
        <source>has the id &apos;%1&apos; of another plugin in the same folder, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overridden by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overrides %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded because Valis runs in safe mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disabled by the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, which is invalid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, which was not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional dependency not used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, but the installed &apos;%1&apos; is %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, but the installed &apos;%1&apos; %3 is compatible with versions %4 to %3 only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>circular dependency: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requires &apos;%1&apos;, which is disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requires &apos;%1&apos;, which failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no plugin crashed in an earlier run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the plugin crash-guard lock: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a plugin crash-guard lock was left over, but it names no plugin; it was removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write the plugin crash-guard lock: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the plugin settings: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plugin settings are not valid JSON (%1 at offset %2); the file is kept and plugin changes are not saved until it is fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plugin settings need an object with &apos;version&apos; and &apos;plugins&apos;; the file is kept and plugin changes are not saved until it is fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plugin settings were written by a newer Valis (format version %1, this one reads %2); the file is kept and plugin changes are not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the folder of the plugin settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write the plugin settings: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::PluginSpec</name>
    <message>
        <source>cannot be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its object (%1) does not implement %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threw an exception: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threw an exception</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>initialization failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threw an exception while shutting down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be used as a plugin: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has no Valis metadata: its Q_PLUGIN_METADATA names no FILE, or the file was not a JSON object when the plugin was built</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing field &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid id &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown kind &apos;%1&apos; (known kinds: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>version &apos;%1&apos; is not of the form x.y.z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compatVersion &apos;%1&apos; is not of the form x.y.z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compatVersion %1 is newer than version %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built for plugin API version %1, but this Valis provides plugin API version %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &apos;apiVersion&apos; must be an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declares interface &apos;%1&apos;, but a %2 plugin must declare %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &apos;dependencies&apos; must be an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object {id, version, type}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing field &apos;id&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &apos;id&apos; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing field &apos;version&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &apos;version&apos; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a non-string value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type must be &apos;required&apos; or &apos;optional&apos;, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>use lowercase letters, digits, &apos;.&apos;, &apos;-&apos; and &apos;_&apos;, starting with a letter or digit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::ProviderSettings</name>
    <message>
        <source>the settings of provider &quot;%1&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>providers.%1.baseUrl must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>providers.%1.idleTimeoutMs must be a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http or https address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>providers.%1.options must be an object</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::Session</name>
    <message>
        <source>a session needs a store, a provider, tools and approval rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model was chosen for provider %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a turn is running; interrupt it or wait for it to finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is nothing to send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no context strategy is installed, so there is nothing to compact with</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::SessionListModel</name>
    <message>
        <source>Untitled session</source>
        <translation>Unbenannte Sitzung</translation>
    </message>
    <message>
        <source>%1
%2 · %3 messages · updated %4</source>
        <translation>%1
%2 · %3 Nachrichten · aktualisiert %4</translation>
    </message>
</context>
<context>
    <name>valis::SessionStore</name>
    <message>
        <source>cannot set up transcript ranking: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>part %1 names part %2 as its parent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>migration to schema version %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the folder for the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot switch the database to write-ahead logging: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rename session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no session &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>archive session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session %1 already exists and came from %2, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>store token counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session %1 has no part %2 in message %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read parts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message %1 should have %2 parts but has %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read token counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create session %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a session with id %1 already exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>find session %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>append message %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the session already has a message with id %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>update session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this file is not a Valis session database (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this SQLite file belongs to another application; Valis left it untouched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database was written by a newer Valis (schema version %1; this build reads up to %2). It was left untouched: update Valis to open it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::Settings</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file must hold a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsupported version %1 (this Valis reads version %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::SweAgentImporter</name>
    <message>
        <source>SWE-agent trajectory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a JSON object with a &quot;history&quot; array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;history&quot; is missing or not an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SWE-agent trajectories have no timestamps; the session and its messages take the file&apos;s modification time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 trajectory steps repeat the history and were not imported again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::ToolOrchestrator</name>
    <message>
        <source>The arguments are not valid JSON (%1 at offset %2). Send them again as one JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The arguments must be a JSON object, not %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing required arguments: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no tool named &quot;%1&quot;. The tools are: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: the approval rules deny the tool &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user denied this call of &quot;%1&quot;; it was not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Their reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[interrupted: the turn was stopped before this call ran]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[interrupted: the turn was stopped while this call waited for approval; it was not run]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[interrupted: the user stopped this call while it ran]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::ToolSelector</name>
    <message>
        <source>the tool selector&apos;s answer named no known tool, so every tool is offered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tool selector failed (%1), so every tool is offered</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::TranscriptImporters</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a transcript format Valis knows (known: %1); name one with --format</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::TranscriptIndex</name>
    <message>
        <source>the search has no words to look for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read the index state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>index pending text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the regular expression is not valid: %1 (at offset %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no session &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the FTS5 query is not valid: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::TranscriptView</name>
    <message numerus="yes">
        <source>… %n more lines</source>
        <translation>
            <numerusform>… %n weitere Zeile</numerusform>
            <numerusform>… %n weitere Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>(redacted thinking)</source>
        <translation>(geschwärztes Nachdenken)</translation>
    </message>
    <message>
        <source>result (error)</source>
        <translation>Ergebnis (Fehler)</translation>
    </message>
    <message>
        <source>result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>[image %1]</source>
        <translation>[Bild %1]</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 · %n messages</source>
        <translation>
            <numerusform>%1 · %2 · %n Nachricht</numerusform>
            <numerusform>%1 · %2 · %n Nachrichten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier messages are not shown.</source>
        <translation>
            <numerusform>%n frühere Nachricht wird nicht gezeigt.</numerusform>
            <numerusform>%n frühere Nachrichten werden nicht gezeigt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>valis::ValisJsonlImporter</name>
    <message>
        <source>Valis JSONL export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a Valis export: the first line must be the valis-export header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the export is format version %1; this Valis reads up to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session %1 appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message for unknown session &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the blob&apos;s data does not match its reference %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown line type &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message %1 refers to images the export does not contain: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::cli</name>
    <message>
        <source>Try &apos;valis-cli %1 --help&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import agent transcripts (Claude Code, Codex, SWE-agent, OpenHands, Aider, Valis JSONL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export sessions as lossless JSONL or readable Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print a session&apos;s messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search all transcripts, tool outputs included, ranked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List plugins with their state and errors; enable or disable one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List known models or look names up in the model catalogue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: valis-cli [--home DIR] &lt;command&gt; [options]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use DIR for all of Valis&apos;s files instead of the standard locations (also: VALIS_HOME)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this help; &apos;valis-cli &lt;command&gt; --help&apos; shows a command&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--home needs a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valis-cli: unknown command &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ids of the sessions to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jsonl (lossless, re-importable; default) or markdown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write to FILE (replaced atomically) instead of standard output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also export the sessions these started (subagents).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exports sessions from the session store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot;: use jsonl or markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name at least one session (see &apos;valis-cli sessions&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Words that must all occur; &quot;quoted words&quot; as a phrase; word* as a prefix.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep only hits whose passage matches RE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search one session only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only messages of ROLE: system, user, assistant or tool.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only calls of, and results from, the tool NAME.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most N hits (default 50).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take WORDS as an SQLite FTS5 query (AND, OR, NOT, NEAR, ...).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One JSON object per hit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searches every stored transcript, tool arguments and outputs included. Hits are passages ranked by relevance (bm25), newest part of the record first. Exits with 1 when nothing is found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give words to search for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown role &quot;%1&quot;: use system, user, assistant or tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--limit needs a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transcript files, or folders to search for them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the files as FORMAT instead of detecting it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read and check the files, store nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the formats Valis can import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print only errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imports other agents&apos; transcripts into the session store. Each file is imported whole or not at all; importing a file again adds only the messages that are new.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name at least one file or folder to import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot; (see --list-formats)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valis-cli import: no transcripts found in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2): %3 sessions, %4 messages, readable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2): %3 sessions, %4 new messages, %5 already present, %6 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model names to look up (any spelling a provider uses).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One JSON object per model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say where the built-in figures come from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists the model catalogue (context window, output limit, prices per million tokens), or looks names up in it. Your additions and corrections go in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in figures checked %1 from:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window %1, output %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per million tokens: input %1, output %2, cache write %3, cache read %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MODEL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WINDOW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OUTPUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>INPUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C.WRITE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C.READ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable the plugin ID (from the next start).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable the plugin ID (from the next start).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable the plugin that was loading when Valis last died.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only read and check metadata; run no plugin code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load no plugin (list them only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One JSON object per plugin.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists the plugins Valis finds, with their state and, for those that cannot run, why. Plugins are loaded to check that they start, unless --no-load.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no plugin with id &quot;%1&quot; was found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 enabled; it loads from the next start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 disabled; it stays off from the next start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 disabled: it was loading when Valis last stopped unexpectedly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: the plugin &quot;%1&quot; was loading when Valis last stopped unexpectedly; disable it with &apos;valis-cli plugins --disable-crashed&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No plugins found in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… %1 more lines (--full shows everything)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(thinking)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[redacted]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source> (error)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[image %1 %2]</source>
        <translation type="unfinished">[Bild %1] {1 %2]?}</translation>
    </message>
    <message>
        <source>Only sessions from ORIGIN (valis, claude-code, codex, ...).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include archived sessions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show at most N sessions, newest first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One JSON object per session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists the sessions of the store, most recently active first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--limit needs a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UPDATED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MSGS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ORIGIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TITLE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session to print.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start at message number SEQ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print at most N messages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print long texts and tool outputs whole.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One JSON object per message, in the record&apos;s own form.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prints a session&apos;s messages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name exactly one session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--from and --count need numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · %3 messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>that is not a provider id (such as anthropic, openai, openai-compatible); the key itself is read from standard input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key for %1 (typing is not shown): </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no key was given on standard input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the key contains spaces or control characters; give the key alone on one line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(account &quot;%1&quot;, shared)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored the key for %1 in the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain holds no key for %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed the key for %1 from the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set, and not needed by this provider (the keychain cannot be asked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown: the keychain cannot be asked (see below)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown: the keychain cannot be asked (see below), and %1 is not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set in the keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is set too, but the keychain comes first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set, and not needed by this provider (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set, remove or status (the default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider ids: anthropic, openai, openai-compatible, ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keeps API keys in the OS keychain. &apos;set PROVIDER&apos; reads the key from standard input (typed without echo at a terminal), never from the command line; &apos;remove PROVIDER&apos; deletes it; &apos;status&apos; shows, for each provider, whether a key is in the keychain or which environment variable supplies it, never the key. openai and openai-responses share one key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown action; use set, remove or status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name the provider, as in &apos;valis-cli keys %1 anthropic&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name one provider; the key is read from standard input, never from the command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name one provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (+%1 lines)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (attempt %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 ms: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrying in %1 s (attempt %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context compacted by %1: %2 -&gt; %3 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>$%1 + unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1] %2 requests, %3 in + %4 cached, %5 out, cache hits %6%, %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow %1 %2?</source>
        <translation type="unfinished">%1 erlauben? {1 %2??}</translation>
    </message>
    <message>
        <source>  [y] once  [s] for this session  [a] always  [n] no (add a reason after it): </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no one was there to approve it (valis-cli run --approve decides what runs unasked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  y, s, a or n: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a command for a pending request: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no provider &quot;%1&quot;: no provider plugin is running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no provider &quot;%1&quot;; the providers are: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  plugin %1 is %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider: anthropic, openai, openai-responses, openai-compatible, ... (default: the settings&apos; defaultProvider).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model (default: the provider&apos;s model in the settings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder the agent works in (default: the current folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which tool calls run without asking: never, read-only (default) or all. Others are asked on the terminal, or denied when nobody can answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send requests here instead (overrides the settings and ANTHROPIC_BASE_URL / OPENAI_BASE_URL / OLLAMA_HOST).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue this session instead of starting a new one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use this system prompt instead of the default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most this many model requests in the turn (default 50).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the turn once it has cost this many US dollars.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output limit of each request (default: the model&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the event stream as JSON lines; read approve/deny/interrupt commands as JSON lines on standard input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the model&apos;s thinking (to standard error).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not ask the OS keychain for the key; use the environment only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to ask; &quot;-&quot; or nothing reads it from standard input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs one turn of an agent session headless: streams the answer, shows tool activity and asks for approvals. The session is stored like any other.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--approve takes never, read-only or all, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-steps takes a whole number of at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-cost takes a positive number of US dollars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-output-tokens takes a positive whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workspace %1 is not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>say what to ask, as an argument or on standard input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the prompt is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose a provider with --provider (or set defaultProvider in %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose a model with --model (or set providers.%1.model in %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run one agent turn headless: stream the answer, show tool calls, ask for approvals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store, remove or check API keys in the OS keychain</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::recordjson</name>
    <message>
        <source>unknown part type &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a text part has no &quot;text&quot; string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a tool call has no &quot;name&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an image part has neither &quot;uri&quot; nor &quot;data&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a message has no &quot;id&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message %1 has an unknown role &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message %1 has no &quot;parts&quot; array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message %1 has a part that is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a session has no &quot;id&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::wire::anthropic</name>
    <message>
        <source>a text block needs a &quot;text&quot; string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a thinking block needs a &quot;thinking&quot; string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a thinking block&apos;s &quot;signature&quot; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a redacted_thinking block needs a &quot;data&quot; string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 block needs &quot;id&quot; and &quot;name&quot; strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 block needs a &quot;tool_use_id&quot; string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 block&apos;s &quot;content&quot; must be a string or an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an image block needs a &quot;source&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a content block needs a &quot;type&quot; string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a content block must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a message needs a &quot;role&quot; string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown message role &quot;%1&quot; (expected user or assistant)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a message needs &quot;content&quot; as a string or an array of blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a message must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the system prompt must be a string or an array of text blocks</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::wire::openaichat</name>
    <message>
        <source>content part %1 is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>content part %1 has no type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;content&quot; is neither a string, an array nor null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool call %1 is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the id of tool call %1 is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the type of tool call %1 is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool call %1 has no &quot;%2&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool call %1 has no function name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the arguments of tool call %1 are not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;tool_calls&quot; is not an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;function_call&quot; is not a function call: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a function message needs a &quot;name&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a tool message needs a &quot;tool_call_id&quot; string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the message has no &quot;role&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown role &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the message is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the tool returned images; they follow in the next message)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>valis::wire::openairesponses</name>
    <message>
        <source>%1 without a string &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a content element must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a content element without a string &quot;type&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a message&apos;s &quot;content&quot; must be a string or an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 without a &quot;call_id&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local_shell_call without an &quot;action&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s &quot;output&quot; must be a string or an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a reasoning element must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a reasoning item&apos;s &quot;%1&quot; must be an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a message item without a string &quot;role&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown message role &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an item must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an item with neither &quot;type&quot; nor &quot;role&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an item&apos;s &quot;type&quot; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
