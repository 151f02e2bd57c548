<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name></name>
    <message>
        <source>no file was given for the memory database</source>
        <translation>für die Gedächtnisdatenbank wurde keine Datei angegeben</translation>
    </message>
    <message>
        <source>cannot create the folder for the memory database</source>
        <translation>der Ordner für die Gedächtnisdatenbank kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot switch the memory database to write-ahead logging: %1</source>
        <translation>die Gedächtnisdatenbank kann nicht auf Write-Ahead-Logging umgestellt werden: %1</translation>
    </message>
    <message>
        <source>memory %1 of %2: %3</source>
        <translation>Erinnerung %1 von %2: %3</translation>
    </message>
    <message>
        <source>list memories</source>
        <translation>Auflisten der Erinnerungen</translation>
    </message>
    <message>
        <source>deactivate a memory</source>
        <translation>Deaktivieren einer Erinnerung</translation>
    </message>
    <message>
        <source>purge a memory</source>
        <translation>Löschen einer Erinnerung</translation>
    </message>
    <message>
        <source>count memories</source>
        <translation>Zählen der Erinnerungen</translation>
    </message>
    <message>
        <source>there is no file /memories/%1 for agent %2</source>
        <translation>für Agent %2 gibt es keine Datei /memories/%1</translation>
    </message>
    <message>
        <source>replace a memory file</source>
        <translation>Ersetzen einer Gedächtnisdatei</translation>
    </message>
    <message>
        <source>remove a memory file</source>
        <translation>Entfernen einer Gedächtnisdatei</translation>
    </message>
    <message>
        <source>list memory files</source>
        <translation>Auflisten der Gedächtnisdateien</translation>
    </message>
    <message>
        <source>two tools share a name: %1</source>
        <translation>zwei Werkzeuge haben denselben Namen: %1</translation>
    </message>
    <message>
        <source>the turn stopped after %1 model requests, its step limit</source>
        <translation>die Runde wurde nach %1 Modellanfragen beendet, da ihr Schrittlimit erreicht war</translation>
    </message>
    <message>
        <source>the turn stopped after spending $%1 of its $%2 budget</source>
        <translation>die Runde wurde beendet, nachdem $%1 ihres Budgets von $%2 verbraucht waren</translation>
    </message>
    <message>
        <source>an image of this session cannot be read from the store, so the model gets a note in its place: %1</source>
        <translation>ein Bild dieser Sitzung kann nicht aus dem Speicher gelesen werden, daher erhält das Modell an seiner Stelle einen Hinweis: %1</translation>
    </message>
    <message>
        <source>the answer stopped (%1) while a tool call&apos;s arguments were still being written; that call was not run</source>
        <translation>die Antwort brach ab (%1), während die Argumente eines Werkzeugaufrufs noch geschrieben wurden; dieser Aufruf wurde nicht ausgeführt</translation>
    </message>
    <message>
        <source>the answer was cut off at the model&apos;s output limit</source>
        <translation>die Antwort wurde am Ausgabelimit des Modells abgeschnitten</translation>
    </message>
    <message>
        <source>the context is nearly full; waiting for the summary of its oldest part</source>
        <translation>der Kontext ist fast voll; es wird auf die Zusammenfassung seines ältesten Teils gewartet</translation>
    </message>
    <message>
        <source>the model could not summarise the oldest part of the context (%1); an extractive summary is used instead</source>
        <translation>das Modell konnte den ältesten Teil des Kontexts nicht zusammenfassen (%1); stattdessen wird eine extraktive Zusammenfassung verwendet</translation>
    </message>
    <message>
        <source>look for similar keys</source>
        <translation>Suchen ähnlicher Schlüssel</translation>
    </message>
    <message>
        <source>write a memory file</source>
        <translation>Schreiben einer Gedächtnisdatei</translation>
    </message>
    <message>
        <source>the content of %1 is damaged: it no longer matches the checksum stored with it</source>
        <translation>der Inhalt von %1 ist beschädigt: Er passt nicht mehr zur mitgespeicherten Prüfsumme</translation>
    </message>
    <message>
        <source>begin a transaction</source>
        <translation>Beginnen einer Transaktion</translation>
    </message>
    <message>
        <source>commit</source>
        <translation>Commit</translation>
    </message>
    <message>
        <source>read a memory</source>
        <translation>Lesen einer Erinnerung</translation>
    </message>
    <message>
        <source>choose a memory key</source>
        <translation>Wählen eines Erinnerungsschlüssels</translation>
    </message>
    <message>
        <source>store a memory</source>
        <translation>Speichern einer Erinnerung</translation>
    </message>
    <message>
        <source>cannot find a free key for a memory</source>
        <translation>für eine Erinnerung lässt sich kein freier Schlüssel finden</translation>
    </message>
    <message>
        <source>the context strategy &quot;%1&quot; works on the provider&apos;s side and needs the %2 API; %3 cannot apply it, so it changes nothing in this session</source>
        <translation>die Kontextstrategie &quot;%1&quot; arbeitet auf der Seite des Anbieters und braucht die %2-API; %3 kann sie nicht anwenden, daher ändert sie in dieser Sitzung nichts</translation>
    </message>
    <message>
        <source>ask whether the memory store changed</source>
        <translation>fragen, ob sich der Gedächtnisspeicher geändert hat</translation>
    </message>
    <message>
        <source>sweep orphan content files</source>
        <translation>verwaiste Inhaltsdateien entfernen</translation>
    </message>
    <message>
        <source>read the state of the vocabulary</source>
        <translation>Lesen des Stands des Wortverzeichnisses</translation>
    </message>
</context>
<context>
    <name>RequestInspector</name>
    <message>
        <source>message %1 of the view (%2, id %3, turn %4) differs from the one sent: the record was changed after the request</source>
        <translation>Nachricht %1 der Ansicht (%2, ID %3, Runde %4) weicht von der gesendeten ab: die Aufzeichnung wurde nach der Anfrage geändert</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>the rebuilt view has %1 messages, the request sent %2</source>
        <translation>die rekonstruierte Ansicht hat %1 Nachrichten, die Anfrage sendete %2</translation>
    </message>
    <message>
        <source>the stored system prompt does not hash to the one recorded (%1)</source>
        <translation>der Hash des gespeicherten Systemprompts stimmt nicht mit dem aufgezeichneten überein (%1)</translation>
    </message>
    <message>
        <source>the stored tool definitions do not hash to the ones recorded (%1)</source>
        <translation>der Hash der gespeicherten Werkzeugdefinitionen stimmt nicht mit dem aufgezeichneten überein (%1)</translation>
    </message>
    <message>
        <source>the messages match but the model, options, output limit or cache breakpoint differ from the request sent</source>
        <translation>die Nachrichten stimmen überein, aber Modell, Optionen, Ausgabelimit oder Cache-Breakpoint weichen von der gesendeten Anfrage ab</translation>
    </message>
    <message>
        <source>the message the request was built from (%1) is not on the session&apos;s path</source>
        <translation>die Nachricht, aus der die Anfrage erstellt wurde (%1), liegt nicht auf dem Pfad der Sitzung</translation>
    </message>
    <message numerus="yes">
        <source>%n compaction event(s) of this request are missing from the record</source>
        <translation>
            <numerusform>%n Verdichtungsereignis dieser Anfrage fehlt in der Aufzeichnung</numerusform>
            <numerusform>%n Verdichtungsereignisse dieser Anfrage fehlen in der Aufzeichnung</numerusform>
        </translation>
    </message>
    <message>
        <source>the history rebuilt from the record has %1 messages, the request sent %2 before its reminders</source>
        <translation>der aus der Aufzeichnung rekonstruierte Verlauf hat %1 Nachrichten, die Anfrage sendete %2 vor ihren Erinnerungen</translation>
    </message>
    <message>
        <source>the system prompt %1 is not stored in the session</source>
        <translation>der Systemprompt %1 ist nicht in der Sitzung gespeichert</translation>
    </message>
    <message>
        <source>the tool definitions %1 are not stored in the session</source>
        <translation>die Werkzeugdefinitionen %1 sind nicht in der Sitzung gespeichert</translation>
    </message>
    <message>
        <source>session %1 records no model request to inspect</source>
        <translation>Sitzung %1 zeichnet keine Modellanfrage auf, die untersucht werden könnte</translation>
    </message>
    <message numerus="yes">
        <source>session %1 has %n request(s); there is no request %2</source>
        <translation>
            <numerusform>Sitzung %1 hat %n Anfrage; es gibt keine Anfrage %2</numerusform>
            <numerusform>Sitzung %1 hat %n Anfragen; es gibt keine Anfrage %2</numerusform>
        </translation>
    </message>
    <message>
        <source>the view matches, but the body %1 writes for it today (%2) differs from the body sent (%3): its wire format changed since</source>
        <translation>die Ansicht stimmt überein, aber der Anfragekörper, den %1 heute dafür erzeugt (%2), weicht vom gesendeten ab (%3): sein Übertragungsformat hat sich seitdem geändert</translation>
    </message>
    <message>
        <source>the rebuilt view and body hash to the ones recorded when the request was sent</source>
        <translation>die Hashes der rekonstruierten Ansicht und des Anfragekörpers stimmen mit den beim Senden der Anfrage aufgezeichneten überein</translation>
    </message>
    <message>
        <source>the rebuilt view hashes to the one recorded; the body was not checked (%1)</source>
        <translation>der Hash der rekonstruierten Ansicht stimmt mit dem aufgezeichneten überein; der Anfragekörper wurde nicht geprüft (%1)</translation>
    </message>
    <message>
        <source>its transport did not hash it</source>
        <translation>sein Transport hat keinen Hash gebildet</translation>
    </message>
    <message>
        <source>the provider %1 is not loaded</source>
        <translation>der Anbieter %1 ist nicht geladen</translation>
    </message>
    <message>
        <source>an imported session records no request: the view is rebuilt from the record alone (no system prompt or tools), with nothing to check it against</source>
        <translation>eine importierte Sitzung zeichnet keine Anfrage auf: die Ansicht wird allein aus der Aufzeichnung rekonstruiert (ohne Systemprompt oder Werkzeuge) und kann mit nichts abgeglichen werden</translation>
    </message>
    <message>
        <source>the system prompt changed</source>
        <translation>der Systemprompt hat sich geändert</translation>
    </message>
    <message>
        <source>the tool definitions changed</source>
        <translation>die Werkzeugdefinitionen haben sich geändert</translation>
    </message>
    <message>
        <source>compaction %1 by %2 (%3) changed message %4</source>
        <translation>Verdichtung %1 durch %2 (%3) hat Nachricht %4 geändert</translation>
    </message>
    <message>
        <source>the previous request&apos;s %1 after its last cache breakpoint is not repeated (expected: it is placed there so it never breaks the cached prefix)</source>
        <translation>die %1-Nachricht der vorigen Anfrage nach ihrem letzten Cache-Breakpoint wird nicht wiederholt (erwartet: sie steht dort, damit sie das gecachte Präfix nie unterbricht)</translation>
    </message>
    <message>
        <source>message %1 (%2) differs with no compaction recorded: the session switched branch or the record changed</source>
        <translation>Nachricht %1 (%2) weicht ab, ohne dass eine Verdichtung aufgezeichnet ist: die Sitzung hat den Zweig gewechselt oder die Aufzeichnung wurde geändert</translation>
    </message>
</context>
<context>
    <name>RequestManifest</name>
    <message>
        <source>a request manifest of version %1, which this build cannot read</source>
        <translation>ein Anfragemanifest der Version %1, das dieser Build nicht lesen kann</translation>
    </message>
    <message>
        <source>an appended message of the request manifest cannot be read: %1</source>
        <translation>eine angehängte Nachricht des Anfragemanifests kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the stored system prompt cannot be read: %1</source>
        <translation>der gespeicherte Systemprompt kann nicht gelesen werden: %1</translation>
    </message>
</context>
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
    <message>
        <source>Show the versions of Valis, Qt and the plugin API.</source>
        <translation>Die Versionen von Valis, Qt und der Plugin-API anzeigen.</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>not valid JSON (%1 at line %2); nothing was written, fix the file first</source>
        <translation>kein gültiges JSON (%1 in Zeile %2); es wurde nichts geschrieben, korrigieren Sie zuerst die Datei</translation>
    </message>
    <message>
        <source>not a JSON object; nothing was written, fix the file first</source>
        <translation>kein JSON-Objekt; es wurde nichts geschrieben, korrigieren Sie zuerst die Datei</translation>
    </message>
    <message>
        <source>Valis could not add its entry without changing something else; add it by hand</source>
        <translation>Valis konnte seinen Eintrag nicht hinzufügen, ohne etwas anderes zu ändern; fügen Sie ihn von Hand hinzu</translation>
    </message>
    <message>
        <source>%1; nothing was written, fix the file first</source>
        <translation>%1; es wurde nichts geschrieben, korrigieren Sie zuerst die Datei</translation>
    </message>
    <message>
        <source>Valis could not add its table without changing something else; add it by hand</source>
        <translation>Valis konnte seine Tabelle nicht hinzufügen, ohne etwas anderes zu ändern; fügen Sie sie von Hand hinzu</translation>
    </message>
</context>
<context>
    <name>valis::AboutDialog</name>
    <message>
        <source>The conversation page: Markdown, sanitising and code highlighting (compiled into the app)</source>
        <translation>Die Gesprächsseite: Markdown, Bereinigung und Syntaxhervorhebung (in die App kompiliert)</translation>
    </message>
    <message>
        <source>Exact token counts: OpenAI&apos;s o200k_base and cl100k_base rank files (compiled into the app)</source>
        <translation>Exakte Token-Zählung: die Rangdateien o200k_base und cl100k_base von OpenAI (in die App kompiliert)</translation>
    </message>
    <message>
        <source>The application framework: windows, networking, the database driver (shared libraries)</source>
        <translation>Das Anwendungs-Framework: Fenster, Netzwerk, der Datenbanktreiber (gemeinsam genutzte Bibliotheken)</translation>
    </message>
    <message>
        <source>Qt is licensed under the GNU Lesser General Public License, version 3 (https://www.gnu.org/licenses/lgpl-3.0.html). Valis uses Qt as shared libraries, which you may replace with your own build of the same version. Qt&apos;s source code: https://download.qt.io/.</source>
        <translation>Qt steht unter der GNU Lesser General Public License, Version 3 (https://www.gnu.org/licenses/lgpl-3.0.html). Valis nutzt Qt als gemeinsam genutzte Bibliotheken, die Sie durch einen eigenen Build derselben Version ersetzen dürfen. Der Quellcode von Qt: https://download.qt.io/.</translation>
    </message>
    <message>
        <source>Shows the conversation page (shared libraries)</source>
        <translation>Zeigt die Gesprächsseite an (gemeinsam genutzte Bibliotheken)</translation>
    </message>
    <message>
        <source>Qt WebEngine is licensed under the GNU Lesser General Public License, version 3. It contains the Chromium browser engine, whose parts come under their own, mostly BSD-style, licences: https://doc.qt.io/qt-6/qtwebengine-licensing.html.</source>
        <translation>Qt WebEngine steht unter der GNU Lesser General Public License, Version 3. Es enthält die Browser-Engine Chromium, deren Teile eigenen, meist BSD-artigen Lizenzen unterliegen: https://doc.qt.io/qt-6/qtwebengine-licensing.html.</translation>
    </message>
    <message>
        <source>Keeps API keys in the operating system&apos;s keychain (shared library)</source>
        <translation>Bewahrt API-Schlüssel im Schlüsselbund des Betriebssystems auf (gemeinsam genutzte Bibliothek)</translation>
    </message>
    <message>
        <source>The session store and the memory&apos;s database (shared library)</source>
        <translation>Der Sitzungsspeicher und die Datenbank des Gedächtnisses (gemeinsam genutzte Bibliothek)</translation>
    </message>
    <message>
        <source>SQLite is in the public domain (https://sqlite.org/copyright.html).</source>
        <translation>SQLite ist gemeinfrei (https://sqlite.org/copyright.html).</translation>
    </message>
    <message>
        <source>About Valis</source>
        <translation>Über Valis</translation>
    </message>
    <message>
        <source>Valis</source>
        <translation>Valis</translation>
    </message>
    <message>
        <source>Third-party software</source>
        <translation>Software Dritter</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Valis %1&lt;/h2&gt;&lt;p&gt;A desktop agent harness whose context never fills up.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Valis %1&lt;/h2&gt;&lt;p&gt;Eine Desktop-Umgebung für KI-Agenten, deren Kontext nie voll wird.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Profile: %1</source>
        <translation>Profil: %1</translation>
    </message>
    <message>
        <source>Profile:
  settings %1
  data %2
  cache %3</source>
        <translation>Profil:
  Einstellungen %1
  Daten %2
  Cache %3</translation>
    </message>
    <message>
        <source>Valis is proprietary software. You may use it only as the agreement under which you received it allows; it may not be copied, modified or passed on otherwise. The third-party software in it comes under its own licences (see the next tab).</source>
        <translation>Valis ist proprietäre Software. Sie dürfen sie nur so nutzen, wie es die Vereinbarung erlaubt, unter der Sie sie erhalten haben; darüber hinaus darf sie weder kopiert noch verändert noch weitergegeben werden. Die enthaltene Software Dritter unterliegt ihren eigenen Lizenzen (siehe nächster Reiter).</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; %2&lt;br&gt;Licence: %3&lt;br&gt;%4&lt;br&gt;&lt;a href=&quot;%5&quot;&gt;%5&lt;/a&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; %2&lt;br&gt;Lizenz: %3&lt;br&gt;%4&lt;br&gt;&lt;a href=&quot;%5&quot;&gt;%5&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Components</source>
        <translation>Komponenten</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
</context>
<context>
    <name>valis::AgentInstructions</name>
    <message>
        <source>%1 cannot be read and is left out of the instructions: %2</source>
        <translation>%1 kann nicht gelesen werden und wird in den Anweisungen ausgelassen: %2</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file; it is left out of the instructions.</source>
        <translation>%1 ist ein Ordner, keine Datei; er wird in den Anweisungen ausgelassen.</translation>
    </message>
    <message>
        <source>%1 is not UTF-8 text (it looks binary); it is left out of the instructions.</source>
        <translation>%1 ist kein UTF-8-Text (sieht binär aus); die Datei wird in den Anweisungen ausgelassen.</translation>
    </message>
    <message>
        <source>%1 (%2 of %3 bytes shown)</source>
        <translation>%1 (%2 von %3 Bytes angezeigt)</translation>
    </message>
    <message>
        <source>The AGENTS.md files hold %1 bytes, over their budget of %2 bytes, so they were cut: %3. The prompt says where each cut is and how to read the rest; raise agentsMdBudgetBytes in memory.json or shorten the files to load them whole.</source>
        <translation>Die AGENTS.md-Dateien umfassen %1 Bytes und überschreiten damit ihr Budget von %2 Bytes, daher wurden sie gekürzt: %3. Der Prompt gibt an, wo jeweils gekürzt wurde und wie sich der Rest lesen lässt; erhöhen Sie agentsMdBudgetBytes in memory.json oder kürzen Sie die Dateien, um sie vollständig zu laden.</translation>
    </message>
</context>
<context>
    <name>valis::AgentsPane</name>
    <message>
        <source>queued</source>
        <translation>in der Warteschlange</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>over budget</source>
        <translation>Budget überschritten</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Aktuell</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the selected agent; its partial answer goes to the conversation</source>
        <translation>Den ausgewählten Agenten anhalten; seine Teilantwort geht in die Unterhaltung</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>Show the selected agent&apos;s own session</source>
        <translation>Die eigene Sitzung des ausgewählten Agenten anzeigen</translation>
    </message>
    <message>
        <source>The open session has no background agents.</source>
        <translation>Die geöffnete Sitzung hat keine Hintergrundagenten.</translation>
    </message>
    <message>
        <source>No background agents yet: the agent starts them with spawn_agent.</source>
        <translation>Noch keine Hintergrundagenten: Der Agent startet sie mit spawn_agent.</translation>
    </message>
    <message numerus="yes">
        <source>At most %n agent(s) run at once.</source>
        <translation>
            <numerusform>Höchstens %n Agent läuft gleichzeitig.</numerusform>
            <numerusform>Höchstens %n Agenten laufen gleichzeitig.</numerusform>
        </translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
</context>
<context>
    <name>valis::AiderImporter</name>
    <message>
        <source>Aider chat history</source>
        <translation>Aider-Chatverlauf</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Aider writes local times without a zone; they were read as UTC, and every message carries its session&apos;s start time.</source>
        <translation>Aider schreibt Ortszeiten ohne Zeitzone; sie wurden als UTC gelesen, und jede Nachricht trägt die Startzeit ihrer Sitzung.</translation>
    </message>
    <message>
        <source>The file starts inside a session whose header is not in it; those lines are session 0, dated by the first header.</source>
        <translation>Die Datei beginnt mitten in einer Sitzung, deren Kopfzeile nicht enthalten ist; diese Zeilen bilden Sitzung 0, datiert nach der ersten Kopfzeile.</translation>
    </message>
    <message>
        <source>Skipped the Emacs mode line on line 1.</source>
        <translation>Die Emacs-Moduszeile in Zeile 1 wurde übersprungen.</translation>
    </message>
    <message numerus="yes">
        <source>%n reply(s) left a code fence open (cut off); each was ended at the next input or Aider output.</source>
        <translation>
            <numerusform>%n Antwort ließ einen Codeblock offen (abgeschnitten); er wurde bei der nächsten Eingabe oder Aider-Ausgabe beendet.</numerusform>
            <numerusform>%n Antworten ließen einen Codeblock offen (abgeschnitten); jeder wurde bei der nächsten Eingabe oder Aider-Ausgabe beendet.</numerusform>
        </translation>
    </message>
    <message>
        <source>the session header&apos;s time &quot;%1&quot; is not YYYY-MM-DD HH:MM:SS</source>
        <translation>die Zeit „%1“ in der Sitzungskopfzeile hat nicht das Format YYYY-MM-DD HH:MM:SS</translation>
    </message>
    <message>
        <source>not an Aider chat history: no &quot;# aider chat started at&quot; line</source>
        <translation>kein Aider-Chatverlauf: keine Zeile „# aider chat started at“</translation>
    </message>
    <message>
        <source>Aider chat of %1</source>
        <translation>Aider-Chat vom %1</translation>
    </message>
    <message>
        <source>Aider chat (start not in the file)</source>
        <translation>Aider-Chat (Anfang nicht in der Datei)</translation>
    </message>
</context>
<context>
    <name>valis::ApiProfiles</name>
    <message>
        <source>cannot read the serve profiles: %1</source>
        <translation>die Serve-Profile können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the serve profiles are not a JSON object: %1</source>
        <translation>die Serve-Profile sind kein JSON-Objekt: %1</translation>
    </message>
    <message>
        <source>the serve profiles are format version %1; this Valis reads up to %2</source>
        <translation>die Serve-Profile haben Formatversion %1; dieses Valis liest bis %2</translation>
    </message>
    <message>
        <source>the serve profile &quot;%1&quot; needs a provider and a model</source>
        <translation>das Serve-Profil „%1“ braucht einen Anbieter und ein Modell</translation>
    </message>
    <message>
        <source>the default serve profile &quot;%1&quot; is not one of the profiles</source>
        <translation>das Standard-Serve-Profil „%1“ ist keines der Profile</translation>
    </message>
    <message>
        <source>the serve profile &quot;%1&quot; names an empty agent</source>
        <translation>das Serve-Profil „%1“ nennt einen leeren Agenten</translation>
    </message>
</context>
<context>
    <name>valis::ApiServerController</name>
    <message>
        <source>%1 could not be started: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>valis-cli serve crashed</source>
        <translation>valis-cli serve ist abgestürzt</translation>
    </message>
    <message>
        <source>valis-cli serve ended (exit code %1)</source>
        <translation>valis-cli serve wurde beendet (Exit-Code %1)</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Gestoppt</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>In Betrieb</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>valis::Appearance</name>
    <message>
        <source>could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>valis::AppearancePage</name>
    <message>
        <source>Follow the system</source>
        <translation>Dem System folgen</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>Design:</translation>
    </message>
    <message>
        <source>The system&apos;s (%1)</source>
        <translation>Systemsprache (%1)</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Sprache:</translation>
    </message>
    <message>
        <source>A new language is used from the next start.</source>
        <translation>Eine neue Sprache wird ab dem nächsten Start verwendet.</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Darstellung</translation>
    </message>
</context>
<context>
    <name>valis::ApprovalPolicy</name>
    <message>
        <source>&quot;%1&quot; must be an object of names to allow, ask or deny</source>
        <translation>„%1“ muss ein Objekt sein, das Namen auf allow, ask oder deny abbildet</translation>
    </message>
    <message>
        <source>the rule for &quot;%1&quot; is &quot;%2&quot;; it must be allow, ask or deny</source>
        <translation>die Regel für „%1“ lautet „%2“; sie muss allow, ask oder deny sein</translation>
    </message>
    <message>
        <source>these approval rules have no file to be kept in</source>
        <translation>für diese Freigaberegeln gibt es keine Datei, in der sie gespeichert werden können</translation>
    </message>
</context>
<context>
    <name>valis::Attachment</name>
    <message>
        <source>%1 is not a file</source>
        <translation>%1 ist keine Datei</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is %2 KiB; attach text files up to %3 KiB, or put it in the workspace for the agent to read</source>
        <translation>%1 ist %2 KiB groß; hängen Sie Textdateien bis %3 KiB an oder legen Sie die Datei in den Arbeitsordner, damit der Agent sie liest</translation>
    </message>
    <message>
        <source>%1 is %2 KiB; images can be up to %3 KiB</source>
        <translation>%1 ist %2 KiB groß; Bilder dürfen bis zu %3 KiB groß sein</translation>
    </message>
    <message>
        <source>%1 is neither UTF-8 text nor a PNG, JPEG, GIF or WebP image</source>
        <translation>%1 ist weder UTF-8-Text noch ein PNG-, JPEG-, GIF- oder WebP-Bild</translation>
    </message>
    <message>
        <source>Attached file %1:</source>
        <translation>Angehängte Datei %1:</translation>
    </message>
    <message>
        <source>%1 has no content</source>
        <translation>%1 hat keinen Inhalt</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 is %2 KiB; attach text up to %3 KiB</source>
        <translation>%1 ist %2 KiB groß; Text lässt sich bis %3 KiB anhängen</translation>
    </message>
    <message>
        <source>Attached resource %1:</source>
        <translation>Angehängte Ressource %1:</translation>
    </message>
    <message>
        <source>%1 is %2, neither text nor a PNG, JPEG, GIF or WebP image</source>
        <translation>%1 ist %2, weder Text noch ein PNG-, JPEG-, GIF- oder WebP-Bild</translation>
    </message>
    <message>
        <source>binary data</source>
        <translation>Binärdaten</translation>
    </message>
</context>
<context>
    <name>valis::BlobStore</name>
    <message>
        <source>cannot create the blob folder</source>
        <translation>der Blob-Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>not a blob reference: %1</source>
        <translation>keine Blob-Referenz: %1</translation>
    </message>
    <message>
        <source>the blob is missing: %1</source>
        <translation>der Blob fehlt: %1</translation>
    </message>
    <message>
        <source>the blob&apos;s content does not match its hash</source>
        <translation>der Inhalt des Blobs passt nicht zu seinem Hash</translation>
    </message>
</context>
<context>
    <name>valis::BpeEncoding</name>
    <message>
        <source>there is no encoding &quot;%1&quot; (known: %2)</source>
        <translation>es gibt keine Kodierung „%1“ (bekannt: %2)</translation>
    </message>
    <message>
        <source>this build has no data for the %1 tokenizer; build Valis after `scripts/dev.sh setup` (npm ci) has installed it</source>
        <translation>dieser Build enthält keine Daten für den Tokenizer %1; baue Valis, nachdem `scripts/dev.sh setup` (npm ci) sie installiert hat</translation>
    </message>
    <message>
        <source>the tokenizer data is damaged at line %1; reinstall Valis or run scripts/dev.sh setup</source>
        <translation>die Tokenizer-Daten sind in Zeile %1 beschädigt; installiere Valis neu oder führe scripts/dev.sh setup aus</translation>
    </message>
    <message>
        <source>the tokenizer data is empty</source>
        <translation>die Tokenizer-Daten sind leer</translation>
    </message>
    <message>
        <source>the tokenizer data lists a token twice</source>
        <translation>die Tokenizer-Daten enthalten ein Token doppelt</translation>
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
        <translation>Qt %1 (erstellt mit Qt %2)</translation>
    </message>
    <message>
        <source>Plugin API version %1</source>
        <translation>Plugin-API-Version %1</translation>
    </message>
    <message>
        <source>Copyright (C) 2026 the Valis developers. All rights reserved.</source>
        <translation>Copyright (C) 2026 die Valis-Entwickler. Alle Rechte vorbehalten.</translation>
    </message>
</context>
<context>
    <name>valis::ClaudeCodeImporter</name>
    <message>
        <source>Claude Code session</source>
        <translation>Claude-Code-Sitzung</translation>
    </message>
    <message>
        <source>agent %1 (Task call %2) has no subagent transcript file; only its progress lines mention it</source>
        <translation>Agent %1 (Task-Aufruf %2) hat keine Subagent-Verlaufsdatei; nur seine Fortschrittszeilen erwähnen ihn</translation>
    </message>
    <message>
        <source>the file is empty: a Claude Code session has at least one line</source>
        <translation>die Datei ist leer: eine Claude-Code-Sitzung hat mindestens eine Zeile</translation>
    </message>
    <message>
        <source>&quot;uuid&quot; must be a non-empty string</source>
        <translation>„uuid“ muss eine nicht leere Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;parentUuid&quot; must be a string or null</source>
        <translation>„parentUuid“ muss eine Zeichenkette oder null sein</translation>
    </message>
    <message>
        <source>the line has no &quot;type&quot;: not a Claude Code session line</source>
        <translation>die Zeile hat kein „type“: keine Zeile einer Claude-Code-Sitzung</translation>
    </message>
    <message>
        <source>&quot;timestamp&quot; is not an ISO 8601 time: %1</source>
        <translation>„timestamp“ ist keine ISO-8601-Zeit: %1</translation>
    </message>
    <message>
        <source>a %1 line needs a &quot;uuid&quot;</source>
        <translation>eine %1-Zeile braucht eine „uuid“</translation>
    </message>
    <message>
        <source>a %1 line needs a &quot;message&quot; object</source>
        <translation>eine %1-Zeile braucht ein „message“-Objekt</translation>
    </message>
    <message>
        <source>%1 (at %2)</source>
        <translation>%1 (bei %2)</translation>
    </message>
    <message>
        <source>left out 1 %1 line</source>
        <translation>1 %1-Zeile ausgelassen</translation>
    </message>
    <message>
        <source>left out %1 %2 lines</source>
        <translation>%1 %2-Zeilen ausgelassen</translation>
    </message>
    <message>
        <source>%1: no Task tool call in the parent session names agent %2</source>
        <translation>%1: kein Task-Werkzeugaufruf in der übergeordneten Sitzung nennt Agent %2</translation>
    </message>
</context>
<context>
    <name>valis::CodexImporter</name>
    <message>
        <source>left out %1: %2</source>
        <translation>ausgelassene %1: %2</translation>
    </message>
    <message>
        <source>rebuilt %1: %2</source>
        <translation>rekonstruierte %1: %2</translation>
    </message>
    <message>
        <source>OpenAI Codex CLI (rollout or TUI session log)</source>
        <translation>OpenAI Codex CLI (Rollout oder TUI-Sitzungsprotokoll)</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>die Datei ist leer</translation>
    </message>
    <message>
        <source>neither a Codex rollout (no session_meta first) nor a Codex TUI session log</source>
        <translation>weder ein Codex-Rollout (kein session_meta am Anfang) noch ein Codex-TUI-Sitzungsprotokoll</translation>
    </message>
    <message>
        <source>a rollout line without a string &quot;type&quot;</source>
        <translation>eine Rollout-Zeile ohne Zeichenkette „type“</translation>
    </message>
    <message>
        <source>a %1 line without a &quot;payload&quot; object</source>
        <translation>eine %1-Zeile ohne „payload“-Objekt</translation>
    </message>
    <message>
        <source>a turn_context whose &quot;model&quot; is not a string</source>
        <translation>ein turn_context, dessen „model“ keine Zeichenkette ist</translation>
    </message>
    <message>
        <source>a session_meta without a session &quot;id&quot;</source>
        <translation>ein session_meta ohne Sitzungs-„id“</translation>
    </message>
    <message>
        <source>not a Responses API item: %1</source>
        <translation>kein Element der Responses API: %1</translation>
    </message>
    <message>
        <source>an event_msg without a string &quot;type&quot;</source>
        <translation>ein event_msg ohne Zeichenkette „type“</translation>
    </message>
    <message>
        <source>a token_count event of the wrong shape</source>
        <translation>ein token_count-Ereignis mit falscher Struktur</translation>
    </message>
    <message>
        <source>a user_message event without a string &quot;message&quot;</source>
        <translation>ein user_message-Ereignis ohne Zeichenkette „message“</translation>
    </message>
    <message>
        <source>a compacted line without a string &quot;message&quot;</source>
        <translation>eine compacted-Zeile ohne Zeichenkette „message“</translation>
    </message>
    <message>
        <source>a session log line without string &quot;dir&quot; and &quot;kind&quot;</source>
        <translation>eine Sitzungsprotokollzeile ohne die Zeichenketten „dir“ und „kind“</translation>
    </message>
    <message>
        <source>a codex_event without a &quot;msg&quot; object</source>
        <translation>ein codex_event ohne „msg“-Objekt</translation>
    </message>
    <message>
        <source>an op without a &quot;payload&quot; object</source>
        <translation>ein op ohne „payload“-Objekt</translation>
    </message>
    <message>
        <source>a key_event without a string &quot;event&quot;</source>
        <translation>ein key_event ohne Zeichenkette „event“</translation>
    </message>
    <message>
        <source>a codex event without a string &quot;type&quot;</source>
        <translation>ein Codex-Ereignis ohne Zeichenkette „type“</translation>
    </message>
    <message>
        <source>a session_configured event without a &quot;session_id&quot;</source>
        <translation>ein session_configured-Ereignis ohne „session_id“</translation>
    </message>
    <message>
        <source>a %1 event without a string &quot;delta&quot;</source>
        <translation>ein %1-Ereignis ohne Zeichenkette „delta“</translation>
    </message>
    <message>
        <source>a %1 event without a string &quot;text&quot;</source>
        <translation>ein %1-Ereignis ohne Zeichenkette „text“</translation>
    </message>
    <message>
        <source>an agent_message event without a string &quot;message&quot;</source>
        <translation>ein agent_message-Ereignis ohne Zeichenkette „message“</translation>
    </message>
    <message>
        <source>a %1 event without a string &quot;call_id&quot;</source>
        <translation>ein %1-Ereignis ohne Zeichenkette „call_id“</translation>
    </message>
    <message>
        <source>an exec_command_begin event without a &quot;command&quot; array</source>
        <translation>ein exec_command_begin-Ereignis ohne „command“-Array</translation>
    </message>
    <message>
        <source>a patch_apply_begin event without a &quot;changes&quot; object</source>
        <translation>ein patch_apply_begin-Ereignis ohne „changes“-Objekt</translation>
    </message>
    <message>
        <source>a %1 event without its &quot;%2&quot;</source>
        <translation>ein %1-Ereignis ohne sein „%2“</translation>
    </message>
</context>
<context>
    <name>valis::CommandPalette</name>
    <message>
        <source>Command palette</source>
        <translation>Befehlspalette</translation>
    </message>
    <message>
        <source>Command palette filter</source>
        <translation>Filter der Befehlspalette</translation>
    </message>
    <message>
        <source>Type an action, a session, a setting or a folder</source>
        <translation>Geben Sie eine Aktion, eine Sitzung, eine Einstellung oder einen Ordner ein</translation>
    </message>
    <message>
        <source>Command palette results</source>
        <translation>Ergebnisse der Befehlspalette</translation>
    </message>
    <message>
        <source>Nothing matches.</source>
        <translation>Keine Treffer.</translation>
    </message>
</context>
<context>
    <name>valis::CompactionEvent</name>
    <message>
        <source>a replaced part cannot be read: %1</source>
        <translation>ein ersetzter Teil kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>a part replacement names no message or part</source>
        <translation>eine Teilersetzung nennt keine Nachricht oder keinen Teil</translation>
    </message>
    <message>
        <source>a prefix replacement names no last message</source>
        <translation>eine Präfixersetzung nennt keine letzte Nachricht</translation>
    </message>
    <message>
        <source>a replacement message cannot be read: %1</source>
        <translation>eine Ersatznachricht kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>unknown edit kind &quot;%1&quot;</source>
        <translation>unbekannte Art der Änderung „%1“</translation>
    </message>
    <message>
        <source>a compaction event was written by a newer Valis (format %1); it is left as it is</source>
        <translation>ein Verdichtungsereignis wurde von einem neueren Valis geschrieben (Format %1); es bleibt unverändert</translation>
    </message>
    <message>
        <source>a compaction event names no strategy</source>
        <translation>ein Verdichtungsereignis nennt keine Strategie</translation>
    </message>
    <message>
        <source>the compaction event of message %1 is not an object</source>
        <translation>das Verdichtungsereignis der Nachricht %1 ist kein Objekt</translation>
    </message>
</context>
<context>
    <name>valis::ComposerReadiness</name>
    <message>
        <source>The %1 provider is not running; see the plugin status</source>
        <translation>Der Anbieter %1 läuft nicht; siehe den Plugin-Status</translation>
    </message>
    <message>
        <source> or set %1</source>
        <translation> oder setzen Sie %1</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>No API key for %1: add one in Settings &gt; Providers%2</source>
        <translation>Kein API-Schlüssel für %1: Fügen Sie unter Einstellungen &gt; Anbieter einen hinzu%2</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>~%1 tokens</source>
        <translation>~%1 Tokens</translation>
    </message>
    <message>
        <source>The draft&apos;s tokens for %1 (its tokenizer)</source>
        <translation>Die Tokens des Entwurfs für %1 (mit dessen Tokenizer)</translation>
    </message>
    <message>
        <source>An estimate of the draft&apos;s tokens for %1</source>
        <translation>Eine Schätzung der Tokens des Entwurfs für %1</translation>
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
    <message>
        <source>The tools the agent may use in a new session</source>
        <translation>Die Werkzeuge, die der Agent in einer neuen Sitzung verwenden darf</translation>
    </message>
    <message>
        <source>Ask the agent… (Enter sends, Shift+Enter starts a new line; drop files to attach them)</source>
        <translation>Fragen Sie den Agenten… (Eingabe sendet, Umschalt+Eingabe beginnt eine neue Zeile; Dateien hierher ziehen, um sie anzuhängen)</translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation>Anhängen…</translation>
    </message>
    <message>
        <source>Attach text files or images (PNG, JPEG, GIF, WebP) to the next turn</source>
        <translation>Textdateien oder Bilder (PNG, JPEG, GIF, WebP) an die nächste Runde anhängen</translation>
    </message>
    <message>
        <source>Editing an earlier message: Send starts a new branch from there; the old one stays.</source>
        <translation>Sie bearbeiten eine frühere Nachricht: „Senden“ beginnt dort einen neuen Zweig; der alte bleibt erhalten.</translation>
    </message>
    <message>
        <source>Cancel edit</source>
        <translation>Bearbeiten abbrechen</translation>
    </message>
    <message>
        <source>The folder a new session works in: %1 (click to choose another)</source>
        <translation>Der Ordner, in dem eine neue Sitzung arbeitet: %1 (klicken, um einen anderen zu wählen)</translation>
    </message>
    <message>
        <source>This session works in %1</source>
        <translation>Diese Sitzung arbeitet in %1</translation>
    </message>
    <message>
        <source>The folder the session works in</source>
        <translation>Der Ordner, in dem die Sitzung arbeitet</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Dateien anhängen</translation>
    </message>
    <message>
        <source>%1 (click to remove)</source>
        <translation>%1 (klicken zum Entfernen)</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>How the session&apos;s history is shown to the model; a change applies from the next request</source>
        <translation>Wie der Verlauf der Sitzung dem Modell gezeigt wird; eine Änderung gilt ab der nächsten Anfrage</translation>
    </message>
    <message>
        <source>Session choices</source>
        <translation>Sitzungsoptionen</translation>
    </message>
    <message>
        <source>Session:</source>
        <translation>Sitzung:</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>%1 (click to choose in Commands)</source>
        <translation>%1 (zum Auswählen in „Befehle“ klicken)</translation>
    </message>
    <message>
        <source>A turn is running: Stop ends it</source>
        <translation>Eine Runde läuft: „Anhalten“ beendet sie</translation>
    </message>
    <message>
        <source>No provider is running yet; see the plugin status</source>
        <translation>Noch läuft kein Anbieter; siehe den Plugin-Status</translation>
    </message>
    <message>
        <source>Choose a model for %1 first</source>
        <translation>Wählen Sie zuerst ein Modell für %1</translation>
    </message>
    <message>
        <source>Write a message first</source>
        <translation>Schreiben Sie zuerst eine Nachricht</translation>
    </message>
    <message>
        <source>Send to %1 (Enter)</source>
        <translation>An %1 senden (Eingabetaste)</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Tool pack</source>
        <translation>Werkzeugpaket</translation>
    </message>
    <message>
        <source>History strategy</source>
        <translation>Verlaufsstrategie</translation>
    </message>
    <message>
        <source>Message to the agent</source>
        <translation>Nachricht an den Agenten</translation>
    </message>
    <message>
        <source>Draft size</source>
        <translation>Größe des Entwurfs</translation>
    </message>
</context>
<context>
    <name>valis::ConnectionTester</name>
    <message>
        <source>the server answered, but not with a model list: %1</source>
        <translation>der Server hat geantwortet, aber nicht mit einer Modellliste: %1</translation>
    </message>
    <message>
        <source>the server answered, but not with a model list</source>
        <translation>der Server hat geantwortet, aber nicht mit einer Modellliste</translation>
    </message>
    <message>
        <source>%1 could not be reached: %2</source>
        <translation>%1 war nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>the key was refused</source>
        <translation>der Schlüssel wurde abgelehnt</translation>
    </message>
    <message>
        <source>the request was refused</source>
        <translation>die Anfrage wurde abgelehnt</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 (%3): %4</source>
        <translation>%1 antwortete mit HTTP %2 (%3): %4</translation>
    </message>
</context>
<context>
    <name>valis::ContextMeter</name>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>%1 / %2 · %3%</source>
        <translation>%1 / %2 · %3 %</translation>
    </message>
    <message>
        <source>Context: what the last request used of the model&apos;s window.</source>
        <translation>Kontext: was die letzte Anfrage vom Fenster des Modells belegte.</translation>
    </message>
    <message>
        <source>%1 at %2% of the window</source>
        <translation>%1 bei %2 % des Fensters</translation>
    </message>
    <message>
        <source>no context yet</source>
        <translation>noch kein Kontext</translation>
    </message>
    <message>
        <source>Context gauge</source>
        <translation>Kontextanzeige</translation>
    </message>
    <message>
        <source>Click to see what the model was sent.</source>
        <translation>Klicken, um zu sehen, was an das Modell gesendet wurde.</translation>
    </message>
    <message>
        <source>no usage</source>
        <translation>keine Nutzung</translation>
    </message>
</context>
<context>
    <name>valis::ContextPage</name>
    <message>
        <source>config/context.json could not be read, so nothing here will be saved until it is fixed: %1</source>
        <translation>config/context.json konnte nicht gelesen werden, daher wird hier nichts gespeichert, bis die Datei korrigiert ist: %1</translation>
    </message>
    <message>
        <source>No context strategy plugin is running; see Plugins.</source>
        <translation>Kein Kontextstrategie-Plugin läuft; siehe Plugins.</translation>
    </message>
    <message>
        <source>The plugins are still starting; open Settings again in a moment.</source>
        <translation>Die Plugins werden noch gestartet; öffnen Sie die Einstellungen gleich noch einmal.</translation>
    </message>
    <message>
        <source>When the context fills up, these strategies make room, in this order. Shares are of the model&apos;s context window; per-model values in config/context.json still win.</source>
        <translation>Wenn sich der Kontext füllt, schaffen diese Strategien Platz, in dieser Reihenfolge. Anteile beziehen sich auf das Kontextfenster des Modells; modellspezifische Werte in config/context.json haben weiterhin Vorrang.</translation>
    </message>
    <message>
        <source>Use this strategy</source>
        <translation>Diese Strategie verwenden</translation>
    </message>
    <message>
        <source>Default: %1 %</source>
        <translation>Vorgabe: %1 %</translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation>Vorgabe: %1</translation>
    </message>
    <message>
        <source>%1.%2 must be a JSON %3</source>
        <translation>%1.%2 muss als JSON-%3 angegeben werden</translation>
    </message>
    <message>
        <source>list</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>How new sessions show their history to the model; each session can switch in the composer</source>
        <translation>Wie neue Sitzungen dem Modell ihren Verlauf zeigen; jede Sitzung kann im Eingabebereich umschalten</translation>
    </message>
    <message>
        <source>History strategy of new sessions:</source>
        <translation>Verlaufsstrategie neuer Sitzungen:</translation>
    </message>
</context>
<context>
    <name>valis::ContextPipeline</name>
    <message>
        <source>the context strategy &quot;%1&quot; removed the placeholder of %2 from a turn it still shows; its result was not used</source>
        <translation>die Kontextstrategie „%1“ hat den Platzhalter von %2 aus einer Runde entfernt, die sie weiterhin zeigt; ihr Ergebnis wurde nicht verwendet</translation>
    </message>
    <message>
        <source>the context strategy &quot;%1&quot; changed the view without recording how; its result was not used</source>
        <translation>die Kontextstrategie „%1“ hat die Ansicht geändert, ohne festzuhalten wie; ihr Ergebnis wurde nicht verwendet</translation>
    </message>
    <message>
        <source>the context strategy &quot;%1&quot; left a tool call without its result (or a result without its call); its result was not used</source>
        <translation>die Kontextstrategie „%1“ hat einen Werkzeugaufruf ohne sein Ergebnis (oder ein Ergebnis ohne seinen Aufruf) hinterlassen; ihr Ergebnis wurde nicht verwendet</translation>
    </message>
</context>
<context>
    <name>valis::ContextSettings</name>
    <message>
        <source>unknown field &quot;%1&quot; (known: %2)</source>
        <translation>unbekanntes Feld „%1“ (bekannt: %2)</translation>
    </message>
    <message>
        <source>&quot;strategies&quot; must be a list of strategy ids</source>
        <translation>„strategies“ muss eine Liste von Strategie-IDs sein</translation>
    </message>
    <message>
        <source>&quot;settings&quot; must map strategy ids to objects</source>
        <translation>„settings“ muss Strategie-IDs auf Objekte abbilden</translation>
    </message>
    <message>
        <source>&quot;settings.%1&quot; must be an object</source>
        <translation>„settings.%1“ muss ein Objekt sein</translation>
    </message>
    <message>
        <source>&quot;models&quot; must map model ids to objects</source>
        <translation>„models“ muss Modell-IDs auf Objekte abbilden</translation>
    </message>
    <message>
        <source>&quot;models.%1&quot; must map strategy ids to objects</source>
        <translation>„models.%1“ muss Strategie-IDs auf Objekte abbilden</translation>
    </message>
    <message>
        <source>&quot;models.%1.%2&quot; must be an object</source>
        <translation>„models.%1.%2“ muss ein Objekt sein</translation>
    </message>
    <message>
        <source>no plugin offers the context strategy &quot;%1&quot; (available: %2); the context is not managed by it</source>
        <translation>kein Plugin bietet die Kontextstrategie „%1“ an (verfügbar: %2); der Kontext wird nicht von ihr verwaltet</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not KEY=VALUE (for example evictAt=0.8)</source>
        <translation>„%1“ hat nicht die Form SCHLÜSSEL=WERT (zum Beispiel evictAt=0.8)</translation>
    </message>
    <message>
        <source>&quot;history&quot; must be one of %1</source>
        <translation>&quot;history&quot; muss eines von %1 sein</translation>
    </message>
</context>
<context>
    <name>valis::ConversationBridge</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Nachdenken</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>läuft…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Open full result</source>
        <translation>Ganzes Ergebnis öffnen</translation>
    </message>
    <message>
        <source>Open the saved transcript</source>
        <translation>Gespeichertes Transkript öffnen</translation>
    </message>
    <message>
        <source>Load earlier messages (%1 more)</source>
        <translation>Frühere Nachrichten laden (%1 weitere)</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Load newer messages (%1 more)</source>
        <translation>Neuere Nachrichten laden (%1 weitere)</translation>
    </message>
    <message>
        <source>Open in the memory browser</source>
        <translation>Im Speicher-Browser öffnen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Edit this message and send it again; the answer so far stays as a branch</source>
        <translation>Diese Nachricht bearbeiten und erneut senden; die bisherige Antwort bleibt als Zweig erhalten</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Answer the last turn again; this answer stays as a branch</source>
        <translation>Die letzte Runde erneut beantworten; diese Antwort bleibt als Zweig erhalten</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Vorherige Version</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Nächste Version</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP-Server %1</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Fork from here</source>
        <translation>Ab hier forken</translation>
    </message>
    <message>
        <source>Start a new session from the conversation up to this message; when its turn ends, its answer is reported back here</source>
        <translation>Eine neue Sitzung mit der Unterhaltung bis zu dieser Nachricht starten; wenn ihre Runde endet, wird ihre Antwort hierher zurückgemeldet</translation>
    </message>
    <message>
        <source>What did the model see?</source>
        <translation>Was hat das Modell gesehen?</translation>
    </message>
    <message>
        <source>Open the context inspector on the request that produced this message</source>
        <translation>Den Kontextinspektor für die Anfrage öffnen, die diese Nachricht erzeugt hat</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Nachrichten</translation>
    </message>
    <message>
        <source>Approval needed: %1</source>
        <translation>Freigabe erforderlich: %1</translation>
    </message>
    <message>
        <source>Tool %1</source>
        <translation>Werkzeug %1</translation>
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
    <message>
        <source>Tools are off: %1</source>
        <translation>Werkzeuge sind deaktiviert: %1</translation>
    </message>
    <message>
        <source>Memory is off: %1</source>
        <translation>Das Gedächtnis ist deaktiviert: %1</translation>
    </message>
    <message>
        <source>The agent wants to run %1 with these arguments:</source>
        <translation>Der Agent möchte %1 mit diesen Argumenten ausführen:</translation>
    </message>
    <message>
        <source>The agent wants to run %1 (from %2) with these arguments:</source>
        <translation>Der Agent möchte %1 (aus %2) mit diesen Argumenten ausführen:</translation>
    </message>
    <message>
        <source>Waiting for your answer: may %1 run?</source>
        <translation>Warte auf Ihre Antwort: Darf %1 laufen?</translation>
    </message>
    <message>
        <source>Answered.</source>
        <translation>Beantwortet.</translation>
    </message>
    <message>
        <source>The turn ended.</source>
        <translation>Die Runde ist beendet.</translation>
    </message>
    <message>
        <source>Denied.</source>
        <translation>Abgelehnt.</translation>
    </message>
    <message>
        <source>Allowed once.</source>
        <translation>Einmal erlaubt.</translation>
    </message>
    <message>
        <source>Allowed for this session.</source>
        <translation>Für diese Sitzung erlaubt.</translation>
    </message>
    <message>
        <source>Always allowed.</source>
        <translation>Immer erlaubt.</translation>
    </message>
    <message>
        <source>%1 does not take images</source>
        <translation>%1 nimmt keine Bilder an</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>Nicht gesendet: %1</translation>
    </message>
    <message>
        <source>Not sent: the workspace folder %1 is not there.</source>
        <translation>Nicht gesendet: Der Arbeitsordner %1 existiert nicht.</translation>
    </message>
    <message>
        <source>Waiting for your answer: %1 asks something.</source>
        <translation>Wartet auf Ihre Antwort: %1 fragt etwas.</translation>
    </message>
    <message>
        <source>The next request shows the history as: %1.</source>
        <translation>Die nächste Anfrage zeigt den Verlauf als: %1.</translation>
    </message>
    <message>
        <source>The fork&apos;s answer could not be reported to its parent: %1</source>
        <translation>Die Antwort des Forks konnte nicht an die übergeordnete Sitzung gemeldet werden: %1</translation>
    </message>
    <message>
        <source>The recall filter model of %1 is not used here: recall keeps candidates by their score instead.</source>
        <translation>Das Abruf-Filtermodell von %1 wird hier nicht verwendet: Der Abruf behält Kandidaten stattdessen nach ihrer Bewertung.</translation>
    </message>
    <message>
        <source>remote: %1</source>
        <translation>entfernter Rechner: %1</translation>
    </message>
    <message>
        <source>Files brought back from the machine (see the Commands dock).</source>
        <translation>Dateien vom Rechner zurückgeholt (siehe Befehle-Dock).</translation>
    </message>
    <message>
        <source>Preparing a %1 machine…</source>
        <translation>%1-Rechner wird vorbereitet…</translation>
    </message>
</context>
<context>
    <name>valis::ConversationRequests</name>
    <message>
        <source>Open link?</source>
        <translation>Link öffnen?</translation>
    </message>
    <message>
        <source>Open this address in your browser?

%1</source>
        <translation>Diese Adresse im Browser öffnen?

%1</translation>
    </message>
    <message>
        <source>Result of %1</source>
        <translation>Ergebnis von %1</translation>
    </message>
    <message>
        <source>The result %1 is no longer shown.</source>
        <translation>Das Ergebnis %1 wird nicht mehr angezeigt.</translation>
    </message>
    <message>
        <source>%1 belongs to a session without a workspace folder.</source>
        <translation>%1 gehört zu einer Sitzung ohne Arbeitsordner.</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>valis::ConversationView</name>
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
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
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
        <translation>Valis-Menü im Systemabschnitt</translation>
    </message>
    <message>
        <source>&amp;Show Valis</source>
        <translation>Valis &amp;anzeigen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
</context>
<context>
    <name>valis::DetailStore</name>
    <message>
        <source>a memory needs an agent id</source>
        <translation>eine Erinnerung braucht eine Agenten-ID</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a memory type: use a short lower-case word such as note or command_output</source>
        <translation>„%1“ ist kein Erinnerungstyp: verwenden Sie ein kurzes, kleingeschriebenes Wort wie note oder command_output</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a file path inside /memories/</source>
        <translation>„%1“ ist kein Dateipfad innerhalb von /memories/</translation>
    </message>
    <message>
        <source>cannot create the folder of the memory database</source>
        <translation>der Ordner der Gedächtnisdatenbank kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>unknown memory backend</source>
        <translation>unbekanntes Gedächtnis-Backend</translation>
    </message>
    <message>
        <source>This memory store cannot tell cheaply whether it changed.</source>
        <translation>Dieser Gedächtnisspeicher kann nicht günstig feststellen, ob er sich geändert hat.</translation>
    </message>
    <message>
        <source>This memory store cannot write a file on a condition.</source>
        <translation>Dieser Speicher kann keine Datei unter einer Bedingung schreiben.</translation>
    </message>
    <message>
        <source>/memories/%1 of agent %2 is a folder (it holds /memories/%3), not a file</source>
        <translation>/memories/%1 von Agent %2 ist ein Ordner (er enthält /memories/%3), keine Datei</translation>
    </message>
    <message>
        <source>/memories/%1 of agent %2 cannot be written: /memories/%3 is a file where a folder is needed</source>
        <translation>/memories/%1 von Agent %2 kann nicht geschrieben werden: /memories/%3 ist eine Datei, wo ein Ordner nötig ist</translation>
    </message>
    <message>
        <source>/memories/%1 of agent %2 was changed by another writer since it was read</source>
        <translation>/memories/%1 von Agent %2 wurde seit dem Lesen von jemand anderem geändert</translation>
    </message>
</context>
<context>
    <name>valis::DetailStoreMemoriesBackend</name>
    <message>
        <source>Cannot import memories from %1: it is not a folder.</source>
        <translation>Erinnerungen aus %1 können nicht importiert werden: Es ist kein Ordner.</translation>
    </message>
    <message>
        <source>Cannot import %1: %2</source>
        <translation>%1 kann nicht importiert werden: %2</translation>
    </message>
    <message>
        <source>Imported %1 memory files from %2, but could not rename the folder to %3; remove it by hand so it is not imported again.</source>
        <translation>%1 Gedächtnisdateien aus %2 importiert, aber der Ordner konnte nicht in %3 umbenannt werden; entfernen Sie ihn von Hand, damit er nicht erneut importiert wird.</translation>
    </message>
</context>
<context>
    <name>valis::DocumentStore</name>
    <message>
        <source>no document has the key %1</source>
        <translation>kein Dokument hat den Schlüssel %1</translation>
    </message>
    <message>
        <source>a retention of %1 days is outside 1 to %2</source>
        <translation>eine Aufbewahrungsdauer von %1 Tagen liegt außerhalb von 1 bis %2</translation>
    </message>
    <message>
        <source>%1 is not a document key (doc-...)</source>
        <translation>%1 ist kein Dokumentschlüssel (doc-...)</translation>
    </message>
    <message>
        <source>document %1 was deleted</source>
        <translation>Dokument %1 wurde gelöscht</translation>
    </message>
</context>
<context>
    <name>valis::DocumentsView</name>
    <message>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>angeheftet</translation>
    </message>
    <message numerus="yes">
        <source>until %1 (%n day(s))</source>
        <translation>
            <numerusform>bis %1 (%n Tag)</numerusform>
            <numerusform>bis %1 (%n Tage)</numerusform>
        </translation>
    </message>
    <message>
        <source>written by the agent</source>
        <translation>vom Agenten geschrieben</translation>
    </message>
    <message>
        <source>result of call %1</source>
        <translation>Ergebnis des Aufrufs %1</translation>
    </message>
    <message>
        <source>copy of %1</source>
        <translation>Kopie von %1</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Anheften</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>Aufbewahrt</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Select a document to see its start.</source>
        <translation>Wählen Sie ein Dokument aus, um seinen Anfang zu sehen.</translation>
    </message>
    <message>
        <source>Loading documents…</source>
        <translation>Dokumente werden geladen…</translation>
    </message>
    <message numerus="yes">
        <source>%n document(s) in %1</source>
        <translation>
            <numerusform>%n Dokument in %1</numerusform>
            <numerusform>%n Dokumente in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n expired document(s) removed)</source>
        <translation>
            <numerusform>(%n abgelaufenes Dokument entfernt)</numerusform>
            <numerusform>(%n abgelaufene Dokumente entfernt)</numerusform>
        </translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Lösen</translation>
    </message>
    <message>
        <source>%1 — %2, %3</source>
        <translation>%1 — %2, %3</translation>
    </message>
    <message>
        <source>[… %1 more not shown]</source>
        <translation>[… weitere %1 nicht angezeigt]</translation>
    </message>
    <message>
        <source>Unpinning %1…</source>
        <translation>%1 wird gelöst…</translation>
    </message>
    <message>
        <source>Pinning %1…</source>
        <translation>%1 wird angeheftet…</translation>
    </message>
    <message>
        <source>Deleting %1…</source>
        <translation>%1 wird gelöscht…</translation>
    </message>
    <message>
        <source>Documents: %1</source>
        <translation>Dokumente: %1</translation>
    </message>
    <message>
        <source>Document preview</source>
        <translation>Dokumentvorschau</translation>
    </message>
</context>
<context>
    <name>valis::Embedder</name>
    <message>
        <source>the embedding client has stopped</source>
        <translation>der Embedding-Client wurde beendet</translation>
    </message>
    <message>
        <source>embedding was cancelled</source>
        <translation>das Embedding wurde abgebrochen</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingClient</name>
    <message>
        <source>embedding was cancelled</source>
        <translation>das Embedding wurde abgebrochen</translation>
    </message>
    <message>
        <source>the embedding provider is no longer available (its plugin has stopped)</source>
        <translation>der Embedding-Anbieter ist nicht mehr verfügbar (sein Plugin wurde beendet)</translation>
    </message>
    <message>
        <source>the embedding server returned %1 vectors for %2 texts</source>
        <translation>der Embedding-Server hat %1 Vektoren für %2 Texte zurückgegeben</translation>
    </message>
    <message>
        <source>the embedding model %1 returned a vector of %2 dimensions where %3 were expected</source>
        <translation>das Embedding-Modell %1 hat einen Vektor mit %2 Dimensionen zurückgegeben, erwartet wurden %3</translation>
    </message>
    <message>
        <source>%1 does not know the embedding model &quot;%2&quot; (or has no embeddings API at %3): %4</source>
        <translation>%1 kennt das Embedding-Modell „%2“ nicht (oder hat unter %3 keine Embeddings-API): %4</translation>
    </message>
    <message>
        <source>no embedding within %1 ms</source>
        <translation>kein Embedding innerhalb von %1 ms</translation>
    </message>
    <message>
        <source>the embedding client is not running</source>
        <translation>der Embedding-Client läuft nicht</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingRunner</name>
    <message>
        <source>The embedding settings changed.</source>
        <translation>Die Embedding-Einstellungen haben sich geändert.</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingSettings</name>
    <message>
        <source>embeddings: %1</source>
        <translation>Embeddings: %1</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot;</source>
        <translation>unbekannte Einstellung „%1“</translation>
    </message>
    <message>
        <source>&quot;enabled&quot; must be true or false</source>
        <translation>„enabled“ muss true oder false sein</translation>
    </message>
    <message>
        <source>provider, model and baseUrl must be text</source>
        <translation>provider, model und baseUrl müssen Text sein</translation>
    </message>
    <message>
        <source>dimensions, batchSize and queryTimeoutMs must be whole numbers (batchSize and queryTimeoutMs at least 1)</source>
        <translation>dimensions, batchSize und queryTimeoutMs müssen ganze Zahlen sein (batchSize und queryTimeoutMs mindestens 1)</translation>
    </message>
    <message>
        <source>&quot;retry&quot; must be an object</source>
        <translation>„retry“ muss ein Objekt sein</translation>
    </message>
    <message>
        <source>enabled embeddings need a provider and a model</source>
        <translation>aktivierte Embeddings brauchen einen Anbieter und ein Modell</translation>
    </message>
    <message>
        <source>no embedding provider &quot;%1&quot; is loaded (is its plugin enabled?)</source>
        <translation>kein Embedding-Anbieter „%1“ ist geladen (ist sein Plugin aktiviert?)</translation>
    </message>
    <message>
        <source>no embedding model is configured</source>
        <translation>es ist kein Embedding-Modell konfiguriert</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingSetup</name>
    <message>
        <source>embeddings are off (recall is lexical only)</source>
        <translation>Embeddings sind deaktiviert (der Abruf ist rein lexikalisch)</translation>
    </message>
    <message>
        <source>no embedding provider &quot;%1&quot; is loaded (is its plugin enabled?)</source>
        <translation>kein Embedding-Anbieter „%1“ ist geladen (ist sein Plugin aktiviert?)</translation>
    </message>
    <message>
        <source>the embedding provider went away before its key was read</source>
        <translation>der Embedding-Anbieter war nicht mehr da, bevor sein Schlüssel gelesen wurde</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingStatus</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop embedding; it goes on after the next turn.</source>
        <translation>Embedding anhalten; es geht nach der nächsten Runde weiter.</translation>
    </message>
    <message>
        <source>Embedding…</source>
        <translation>Embeddings werden berechnet…</translation>
    </message>
    <message>
        <source>Embedding %1 / %2</source>
        <translation>Embeddings %1 / %2</translation>
    </message>
    <message>
        <source>Vectors for memories and transcripts, so recall finds passages by meaning.</source>
        <translation>Vektoren für Erinnerungen und Transkripte, damit der Abruf Passagen nach ihrer Bedeutung findet.</translation>
    </message>
    <message>
        <source>Embedding failed</source>
        <translation>Embedding fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>valis::EmbeddingsPage</name>
    <message>
        <source>With embeddings on, recall also finds memories and earlier conversations by meaning, not only by their words. Valis sends the text of memories and messages to the provider below to get their vectors, in the background after each turn.</source>
        <translation>Mit aktivierten Embeddings findet der Abruf Erinnerungen und frühere Unterhaltungen auch nach ihrer Bedeutung, nicht nur nach ihren Wörtern. Valis sendet dazu den Text von Erinnerungen und Nachrichten an den unten gewählten Anbieter, um ihre Vektoren zu erhalten – im Hintergrund nach jeder Runde.</translation>
    </message>
    <message>
        <source>config/memory.json could not be read, so nothing here will be saved until it is fixed: %1</source>
        <translation>config/memory.json konnte nicht gelesen werden, daher wird hier nichts gespeichert, bis die Datei korrigiert ist: %1</translation>
    </message>
    <message>
        <source>Find passages by meaning (embeddings)</source>
        <translation>Passagen nach Bedeutung finden (Embeddings)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (not running)</source>
        <translation>%1 (läuft nicht)</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>Anbieter:</translation>
    </message>
    <message>
        <source>No embedding provider plugin is running; see Plugins.</source>
        <translation>Kein Embedding-Anbieter-Plugin läuft; siehe Plugins.</translation>
    </message>
    <message>
        <source>The plugins are still starting; open Settings again in a moment.</source>
        <translation>Die Plugins werden noch gestartet; öffnen Sie die Einstellungen gleich noch einmal.</translation>
    </message>
    <message>
        <source>e.g. text-embedding-3-small or nomic-embed-text</source>
        <translation>z. B. text-embedding-3-small oder nomic-embed-text</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>Basis-URL:</translation>
    </message>
    <message>
        <source>Texts per request; the provider&apos;s own limit applies too.</source>
        <translation>Texte pro Anfrage; das eigene Limit des Anbieters gilt ebenfalls.</translation>
    </message>
    <message>
        <source>Batch size:</source>
        <translation>Batchgröße:</translation>
    </message>
    <message>
        <source>Remove from keychain</source>
        <translation>Aus dem Schlüsselbund entfernen</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <source>Will be removed from the keychain when you apply.</source>
        <translation>Wird beim Übernehmen aus dem Schlüsselbund entfernt.</translation>
    </message>
    <message>
        <source>Empty: %1</source>
        <translation>Wenn leer: %1</translation>
    </message>
    <message>
        <source>Empty: %1, or the variable %2 when it is set.</source>
        <translation>Wenn leer: %1, oder die Variable %2, falls sie gesetzt ist.</translation>
    </message>
    <message>
        <source>Paste a key to store it in the keychain</source>
        <translation>Schlüssel einfügen, um ihn im Schlüsselbund zu speichern</translation>
    </message>
    <message>
        <source>Only if this server wants a key</source>
        <translation>Nur falls dieser Server einen Schlüssel verlangt</translation>
    </message>
    <message>
        <source>Choose a running provider.</source>
        <translation>Wählen Sie einen laufenden Anbieter.</translation>
    </message>
    <message>
        <source>No keychain here; keys come from %1.</source>
        <translation>Hier gibt es keinen Schlüsselbund; Schlüssel kommen aus %1.</translation>
    </message>
    <message>
        <source>Reading the keychain…</source>
        <translation>Schlüsselbund wird gelesen…</translation>
    </message>
    <message>
        <source>The keychain cannot be reached (%1); a key can still come from %2.</source>
        <translation>Der Schlüsselbund ist nicht erreichbar (%1); ein Schlüssel kann weiterhin aus %2 kommen.</translation>
    </message>
    <message>
        <source>In the keychain (account &quot;%1&quot;, shared with the chat provider): %2</source>
        <translation>Im Schlüsselbund (Konto „%1“, gemeinsam mit dem Chat-Anbieter genutzt): %2</translation>
    </message>
    <message>
        <source>None stored.</source>
        <translation>Keiner gespeichert.</translation>
    </message>
    <message>
        <source>None stored; %1 is used when set.</source>
        <translation>Keiner gespeichert; %1 wird verwendet, wenn gesetzt.</translation>
    </message>
    <message>
        <source>the base URL must be an http:// or https:// address, not &quot;%1&quot;</source>
        <translation>die Basis-URL muss eine http://- oder https://-Adresse sein, nicht „%1“</translation>
    </message>
    <message>
        <source>%1&apos;s key: %2</source>
        <translation>Schlüssel von %1: %2</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
</context>
<context>
    <name>valis::FailureClassifier</name>
    <message>
        <source>Store a key with &quot;valis-cli keys set %1&quot; (it goes to the OS keychain)</source>
        <translation>Speichern Sie einen Schlüssel mit „valis-cli keys set %1“ (er kommt in den Schlüsselbund des Betriebssystems)</translation>
    </message>
    <message>
        <source> or set %1</source>
        <translation> oder setzen Sie %1</translation>
    </message>
    <message>
        <source>Keys are issued at %1.</source>
        <translation>Schlüssel erhalten Sie unter %1.</translation>
    </message>
    <message>
        <source>%1 needs an API key and none was sent.</source>
        <translation>%1 braucht einen API-Schlüssel, aber es wurde keiner gesendet.</translation>
    </message>
    <message>
        <source>%1 accepted the API key from %2 but refuses it this request: the key lacks permission for it.</source>
        <translation>%1 hat den API-Schlüssel aus %2 akzeptiert, lehnt ihn für diese Anfrage aber ab: dem Schlüssel fehlt die Berechtigung dafür.</translation>
    </message>
    <message>
        <source>%1 refused the API key from %2.</source>
        <translation>%1 hat den API-Schlüssel aus %2 abgelehnt.</translation>
    </message>
    <message>
        <source>%1 refuses requests until the account&apos;s quota or billing is sorted out; retrying cannot help.</source>
        <translation>%1 lehnt Anfragen ab, bis Kontingent oder Abrechnung des Kontos geklärt sind; erneute Versuche helfen nicht.</translation>
    </message>
    <message>
        <source>%1 is limiting the rate of requests.</source>
        <translation>%1 begrenzt die Anfragerate.</translation>
    </message>
    <message>
        <source>%1 is overloaded.</source>
        <translation>%1 ist überlastet.</translation>
    </message>
    <message>
        <source>%1 had a server error.</source>
        <translation>%1 hatte einen Serverfehler.</translation>
    </message>
    <message>
        <source>The request does not fit the model&apos;s context window at %1.</source>
        <translation>Die Anfrage passt nicht in das Kontextfenster des Modells bei %1.</translation>
    </message>
    <message>
        <source>%1 refused the request.</source>
        <translation>%1 hat die Anfrage abgelehnt.</translation>
    </message>
    <message>
        <source>Could not reach %1 at %2.</source>
        <translation>%1 unter %2 war nicht erreichbar.</translation>
    </message>
    <message>
        <source>%1 sent nothing for too long; the request was given up.</source>
        <translation>%1 hat zu lange nichts gesendet; die Anfrage wurde aufgegeben.</translation>
    </message>
    <message>
        <source>The connection to %1 ended in the middle of the answer.</source>
        <translation>Die Verbindung zu %1 brach mitten in der Antwort ab.</translation>
    </message>
    <message>
        <source>%1 sent an answer that could not be read.</source>
        <translation>%1 hat eine Antwort gesendet, die nicht gelesen werden konnte.</translation>
    </message>
    <message>
        <source>The request to %1 was cancelled.</source>
        <translation>Die Anfrage an %1 wurde abgebrochen.</translation>
    </message>
</context>
<context>
    <name>valis::Fork</name>
    <message>
        <source>the session %1 has no message &quot;%2&quot; to fork at</source>
        <translation>die Sitzung %1 hat keine Nachricht &quot;%2&quot;, an der geforkt werden kann</translation>
    </message>
    <message>
        <source>Fork of %1</source>
        <translation>Fork von %1</translation>
    </message>
</context>
<context>
    <name>valis::GradientStrategy</name>
    <message>
        <source>gradient setting &quot;%1&quot;: %2</source>
        <translation>Einstellung &quot;%1&quot; der Gradient-Strategie: %2</translation>
    </message>
    <message>
        <source>takes a number from %1 to %2</source>
        <translation>erwartet eine Zahl von %1 bis %2</translation>
    </message>
    <message>
        <source>takes a whole number of at least %1</source>
        <translation>erwartet eine ganze Zahl von mindestens %1</translation>
    </message>
    <message>
        <source>takes &quot;model&quot; or &quot;extractive&quot;</source>
        <translation>erwartet &quot;model&quot; oder &quot;extractive&quot;</translation>
    </message>
    <message>
        <source>takes four shares (R, S, C, T), at least one above 0</source>
        <translation>erwartet vier Anteile (R, S, C, T), mindestens einer davon größer als 0</translation>
    </message>
</context>
<context>
    <name>valis::HistoryLabels</name>
    <message>
        <source>Regular history</source>
        <translation>Regulärer Verlauf</translation>
    </message>
    <message>
        <source>Gradient history</source>
        <translation>Gradient-Verlauf</translation>
    </message>
    <message>
        <source>One-shot history</source>
        <translation>One-Shot-Verlauf</translation>
    </message>
    <message>
        <source>The configured context strategies: old tool output becomes pointers, the oldest turns a summary once the window fills up</source>
        <translation>Die eingestellten Kontextstrategien: Alte Werkzeugausgaben werden zu Verweisen, die ältesten Runden zu einer Zusammenfassung, sobald sich das Fenster füllt</translation>
    </message>
    <message>
        <source>Recent turns whole, older ones smoothed, compressed or a sentence each, so hundreds of turns stay visible; the model can ask for any turn back</source>
        <translation>Neuere Runden vollständig, ältere geglättet, komprimiert oder als je ein Satz, sodass Hunderte von Runden sichtbar bleiben; das Modell kann jede Runde zurückholen</translation>
    </message>
    <message>
        <source>Only the current task, the plan and the progress ledger: for a worker that should not carry the planner&apos;s history</source>
        <translation>Nur die aktuelle Aufgabe, der Plan und das Fortschrittsprotokoll: für einen Worker, der den Verlauf des Planers nicht mitschleppen soll</translation>
    </message>
</context>
<context>
    <name>valis::HistoryStrategies</name>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>the history strategy &quot;%1&quot; needs the context strategy plugin &quot;%1&quot;, which is not installed (installed history strategies: %2)</source>
        <translation>die Verlaufsstrategie &quot;%1&quot; braucht das Kontextstrategie-Plugin &quot;%1&quot;, das nicht installiert ist (installierte Verlaufsstrategien: %2)</translation>
    </message>
    <message>
        <source>there is no history strategy &quot;%1&quot; (installed history strategies: %2)</source>
        <translation>es gibt keine Verlaufsstrategie &quot;%1&quot; (installierte Verlaufsstrategien: %2)</translation>
    </message>
</context>
<context>
    <name>valis::HttpServer</name>
    <message>
        <source>The request&apos;s headers are too large.</source>
        <translation>Die Header der Anfrage sind zu groß.</translation>
    </message>
    <message>
        <source>A chunk size line of the request body is malformed.</source>
        <translation>Eine Chunk-Größenzeile des Anfragekörpers ist fehlerhaft.</translation>
    </message>
    <message numerus="yes">
        <source>The request body is larger than %n bytes.</source>
        <translation>
            <numerusform>Der Anfragekörper ist größer als %n Byte.</numerusform>
            <numerusform>Der Anfragekörper ist größer als %n Bytes.</numerusform>
        </translation>
    </message>
    <message>
        <source>A chunk of the request body does not end where its size says.</source>
        <translation>Ein Chunk des Anfragekörpers endet nicht dort, wo seine Größe es angibt.</translation>
    </message>
    <message>
        <source>The request&apos;s lines must end with CRLF.</source>
        <translation>Die Zeilen der Anfrage müssen mit CRLF enden.</translation>
    </message>
    <message>
        <source>The request line is malformed.</source>
        <translation>Die Anfragezeile ist fehlerhaft.</translation>
    </message>
    <message>
        <source>Only HTTP/1.1 and HTTP/1.0 are supported.</source>
        <translation>Nur HTTP/1.1 und HTTP/1.0 werden unterstützt.</translation>
    </message>
    <message>
        <source>The request target is malformed.</source>
        <translation>Das Anfrageziel ist fehlerhaft.</translation>
    </message>
    <message>
        <source>The request has too many header fields.</source>
        <translation>Die Anfrage hat zu viele Header-Felder.</translation>
    </message>
    <message>
        <source>Folded header lines are not accepted.</source>
        <translation>Gefaltete Header-Zeilen werden nicht akzeptiert.</translation>
    </message>
    <message>
        <source>A header field of the request is malformed.</source>
        <translation>Ein Header-Feld der Anfrage ist fehlerhaft.</translation>
    </message>
    <message>
        <source>A request cannot have both Content-Length and Transfer-Encoding.</source>
        <translation>Eine Anfrage kann nicht sowohl Content-Length als auch Transfer-Encoding haben.</translation>
    </message>
    <message>
        <source>Only the chunked transfer coding is supported.</source>
        <translation>Nur die Transfer-Kodierung chunked wird unterstützt.</translation>
    </message>
    <message>
        <source>The request&apos;s Content-Length is malformed.</source>
        <translation>Der Content-Length-Header der Anfrage ist fehlerhaft.</translation>
    </message>
    <message>
        <source>Nothing is served here.</source>
        <translation>Hier wird nichts bereitgestellt.</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2</source>
        <translation>Auf %1 kann nicht gelauscht werden: %2</translation>
    </message>
    <message>
        <source>The request&apos;s head did not arrive in time.</source>
        <translation>Der Kopf der Anfrage kam nicht rechtzeitig an.</translation>
    </message>
    <message>
        <source>The server has too many open connections; try again shortly.</source>
        <translation>Der Server hat zu viele offene Verbindungen; versuchen Sie es gleich noch einmal.</translation>
    </message>
</context>
<context>
    <name>valis::HttpSseStream</name>
    <message>
        <source>The request has no network access or no stream decoder.</source>
        <translation>Die Anfrage hat keinen Netzwerkzugriff oder keinen Stream-Decoder.</translation>
    </message>
    <message>
        <source>The server gave no HTTP status.</source>
        <translation>Der Server lieferte keinen HTTP-Status.</translation>
    </message>
    <message>
        <source>The connection closed in the middle of an event.</source>
        <translation>Die Verbindung wurde mitten in einem Ereignis geschlossen.</translation>
    </message>
    <message>
        <source>The connection closed before the end of the answer.</source>
        <translation>Die Verbindung wurde vor dem Ende der Antwort geschlossen.</translation>
    </message>
    <message>
        <source>No data arrived within the idle timeout of %1 ms.</source>
        <translation>Innerhalb des Leerlauf-Zeitlimits von %1 ms kamen keine Daten an.</translation>
    </message>
    <message>
        <source>Expected an event stream (text/event-stream) but the server answered %1: %2</source>
        <translation>Ein Ereignisstrom (text/event-stream) wurde erwartet, aber der Server antwortete %1: %2</translation>
    </message>
</context>
<context>
    <name>valis::InspectorDock</name>
    <message>
        <source>Context inspector</source>
        <translation>Kontextinspektor</translation>
    </message>
    <message>
        <source>Inspecting request %1…</source>
        <translation>Anfrage %1 wird untersucht…</translation>
    </message>
    <message>
        <source>Inspecting…</source>
        <translation>Wird untersucht…</translation>
    </message>
</context>
<context>
    <name>valis::InspectorFormat</name>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Nachrichten</translation>
    </message>
    <message>
        <source>Cache: nothing recorded.</source>
        <translation>Cache: nichts aufgezeichnet.</translation>
    </message>
    <message>
        <source>Cache: %1 read · %2 written · %3 uncached input · %4 output</source>
        <translation>Cache: %1 gelesen · %2 geschrieben · %3 ungecachte Eingabe · %4 Ausgabe</translation>
    </message>
    <message>
        <source> · cost %1</source>
        <translation> · Kosten %1</translation>
    </message>
    <message>
        <source>The first request: nothing before it to compare with.</source>
        <translation>Die erste Anfrage: nichts davor zum Vergleichen.</translation>
    </message>
    <message>
        <source>No comparison with the previous request.</source>
        <translation>Kein Vergleich mit der vorigen Anfrage.</translation>
    </message>
    <message>
        <source>The cached prefix held: this request starts as request %1 did.</source>
        <translation>Das gecachte Präfix hat gehalten: Diese Anfrage beginnt wie Anfrage %1.</translation>
    </message>
    <message>
        <source>The cached prefix broke at message #%1</source>
        <translation>Das gecachte Präfix brach bei Nachricht #%1</translation>
    </message>
    <message>
        <source>%1 tokens were sent again without the cache</source>
        <translation>%1 Tokens wurden erneut ohne Cache gesendet</translation>
    </message>
    <message>
        <source>, costing about %1 more.</source>
        <translation>, was etwa %1 mehr kostet.</translation>
    </message>
    <message>
        <source>Pointer %1</source>
        <translation>Verweis %1</translation>
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
        <translation>Kontextinspektor</translation>
    </message>
    <message>
        <source>Inspector pages</source>
        <translation>Inspektorseiten</translation>
    </message>
    <message>
        <source>‹ Previous</source>
        <translation>‹ Vorherige</translation>
    </message>
    <message>
        <source>Previous request</source>
        <translation>Vorige Anfrage</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>Request number</source>
        <translation>Anfragenummer</translation>
    </message>
    <message>
        <source>Next ›</source>
        <translation>Nächste ›</translation>
    </message>
    <message>
        <source>Next request</source>
        <translation>Nächste Anfrage</translation>
    </message>
    <message>
        <source>Hash check</source>
        <translation>Hash-Prüfung</translation>
    </message>
    <message>
        <source>Cache and cost</source>
        <translation>Cache und Kosten</translation>
    </message>
    <message>
        <source>MemoryRefs and pointers in the request</source>
        <translation>MemoryRefs und Verweise in der Anfrage</translation>
    </message>
    <message>
        <source>Messages sent</source>
        <translation>Gesendete Nachrichten</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Cache</source>
        <translation>Cache</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>MemoryRefs and pointers in the message</source>
        <translation>MemoryRefs und Verweise in der Nachricht</translation>
    </message>
    <message>
        <source>The selected message&apos;s text</source>
        <translation>Der Text der ausgewählten Nachricht</translation>
    </message>
    <message>
        <source>Select a message to read what was sent.</source>
        <translation>Wählen Sie eine Nachricht aus, um zu lesen, was gesendet wurde.</translation>
    </message>
    <message>
        <source>&amp;Messages</source>
        <translation>&amp;Nachrichten</translation>
    </message>
    <message>
        <source>Where the cached prefix broke</source>
        <translation>Wo das gecachte Präfix brach</translation>
    </message>
    <message>
        <source>Changes against the previous request</source>
        <translation>Änderungen gegenüber der vorigen Anfrage</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Where it went</source>
        <translation>Verbleib</translation>
    </message>
    <message>
        <source>&amp;Diff</source>
        <translation>&amp;Diff</translation>
    </message>
    <message>
        <source>The request could not be inspected: %1</source>
        <translation>Die Anfrage konnte nicht untersucht werden: %1</translation>
    </message>
    <message>
        <source> of %1</source>
        <translation> von %1</translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation>Runde %1</translation>
    </message>
    <message>
        <source>No token counts.</source>
        <translation>Keine Token-Zahlen.</translation>
    </message>
    <message>
        <source>No request chosen.</source>
        <translation>Keine Anfrage gewählt.</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>exakt</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>geschätzt</translation>
    </message>
    <message>
        <source>%1 tokens (%2): system %3 · tools %4 · messages %5</source>
        <translation>%1 Tokens (%2): System %3 · Werkzeuge %4 · Nachrichten %5</translation>
    </message>
    <message>
        <source>Imported: rebuilt from the record, nothing to check.</source>
        <translation>Importiert: aus der Aufzeichnung rekonstruiert, nichts zu prüfen.</translation>
    </message>
    <message>
        <source>✓ Matches the recorded request.</source>
        <translation>✓ Stimmt mit der aufgezeichneten Anfrage überein.</translation>
    </message>
    <message>
        <source>MISMATCH: the view rebuilt from the record is not the request that was sent.</source>
        <translation>ABWEICHUNG: Die aus der Aufzeichnung rekonstruierte Ansicht ist nicht die gesendete Anfrage.</translation>
    </message>
    <message>
        <source>Recorded %1, rebuilt %2.</source>
        <translation>Aufgezeichnet %1, rekonstruiert %2.</translation>
    </message>
    <message>
        <source>No recorded hash to check against.</source>
        <translation>Kein aufgezeichneter Hash zum Abgleichen.</translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>Nicht geprüft: %1</translation>
    </message>
    <message>
        <source>◆ breakpoint</source>
        <translation>◆ Breakpoint</translation>
    </message>
    <message>
        <source>A cache breakpoint: the prefix up to here is cached.</source>
        <translation>Ein Cache-Breakpoint: Das Präfix bis hierher ist gecacht.</translation>
    </message>
    <message>
        <source>#%1 %2: %3</source>
        <translation>#%1 %2: %3</translation>
    </message>
    <message>
        <source>Added (%1)</source>
        <translation>Hinzugefügt (%1)</translation>
    </message>
    <message>
        <source>Evicted (%1)</source>
        <translation>Ausgelagert (%1)</translation>
    </message>
    <message>
        <source>Summarised (%1)</source>
        <translation>Zusammengefasst (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n Nachricht</numerusform>
            <numerusform>%n Nachrichten</numerusform>
        </translation>
    </message>
    <message>
        <source>Moved (%1)</source>
        <translation>Verschoben (%1)</translation>
    </message>
</context>
<context>
    <name>valis::InspectorWorker</name>
    <message>
        <source>No recorded request produced this message.</source>
        <translation>Keine aufgezeichnete Anfrage hat diese Nachricht erzeugt.</translation>
    </message>
</context>
<context>
    <name>valis::JsonRpcMessage</name>
    <message>
        <source>not a JSON-RPC 2.0 message (&quot;jsonrpc&quot; is not &quot;2.0&quot;)</source>
        <translation>keine JSON-RPC-2.0-Nachricht („jsonrpc“ ist nicht „2.0“)</translation>
    </message>
    <message>
        <source>the params of &quot;%1&quot; are not an object</source>
        <translation>die params von „%1“ sind kein Objekt</translation>
    </message>
    <message>
        <source>the request &quot;%1&quot; has an id that is neither a string nor a number</source>
        <translation>die Anfrage „%1“ hat eine id, die weder eine Zeichenkette noch eine Zahl ist</translation>
    </message>
    <message>
        <source>a message with neither a method nor an id</source>
        <translation>eine Nachricht ohne method und ohne id</translation>
    </message>
    <message>
        <source>an error response without a numeric error code</source>
        <translation>eine Fehlerantwort ohne numerischen Fehlercode</translation>
    </message>
    <message>
        <source>a response with neither a result nor an error</source>
        <translation>eine Antwort ohne result und ohne error</translation>
    </message>
    <message>
        <source>a response whose id is neither a string nor a number</source>
        <translation>eine Antwort, deren id weder eine Zeichenkette noch eine Zahl ist</translation>
    </message>
    <message>
        <source>not JSON (%1 at byte %2)</source>
        <translation>kein JSON (%1 bei Byte %2)</translation>
    </message>
    <message>
        <source>an empty batch</source>
        <translation>ein leerer Batch</translation>
    </message>
    <message>
        <source>a batch holding something other than objects</source>
        <translation>ein Batch, der nicht nur Objekte enthält</translation>
    </message>
    <message>
        <source>neither a JSON object nor an array</source>
        <translation>weder ein JSON-Objekt noch ein Array</translation>
    </message>
</context>
<context>
    <name>valis::JsonSource</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation>die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>not valid JSON (%1 at column %2)</source>
        <translation>kein gültiges JSON (%1 in Spalte %2)</translation>
    </message>
    <message>
        <source>expected a JSON object on this line</source>
        <translation>in dieser Zeile wurde ein JSON-Objekt erwartet</translation>
    </message>
</context>
<context>
    <name>valis::JsonlExport</name>
    <message>
        <source>cannot write the export: %1</source>
        <translation>der Export kann nicht geschrieben werden: %1</translation>
    </message>
</context>
<context>
    <name>valis::KeychainCredentialStore</name>
    <message>
        <source>No keychain account was named.</source>
        <translation>Es wurde kein Schlüsselbund-Konto angegeben.</translation>
    </message>
    <message>
        <source>Set the provider&apos;s API key environment variable (such as ANTHROPIC_API_KEY) instead, or start a Secret Service such as gnome-keyring or KWallet in your session.</source>
        <translation>Setzen Sie stattdessen die Umgebungsvariable für den API-Schlüssel des Anbieters (etwa ANTHROPIC_API_KEY), oder starten Sie in Ihrer Desktop-Sitzung einen Secret Service wie gnome-keyring oder KWallet.</translation>
    </message>
    <message>
        <source>No keychain can be reached: there is no D-Bus session bus</source>
        <translation>Kein Schlüsselbund erreichbar: Es gibt keinen D-Bus-Sitzungsbus</translation>
    </message>
    <message>
        <source>No keychain can be reached: no Secret Service runs on the D-Bus session bus</source>
        <translation>Kein Schlüsselbund erreichbar: Auf dem D-Bus-Sitzungsbus läuft kein Secret Service</translation>
    </message>
    <message>
        <source>No keychain is available on this system</source>
        <translation>Auf diesem System ist kein Schlüsselbund verfügbar</translation>
    </message>
    <message>
        <source>The keychain refused access to the key for &quot;%1&quot;</source>
        <translation>Der Schlüsselbund hat den Zugriff auf den Schlüssel für „%1“ verweigert</translation>
    </message>
    <message>
        <source>Unlock the keychain or allow Valis to use it, or set the provider&apos;s API key environment variable instead.</source>
        <translation>Entsperren Sie den Schlüsselbund oder erlauben Sie Valis, ihn zu verwenden, oder setzen Sie stattdessen die Umgebungsvariable für den API-Schlüssel des Anbieters.</translation>
    </message>
    <message>
        <source>The keychain could not read the key for &quot;%1&quot;</source>
        <translation>Der Schlüsselbund konnte den Schlüssel für „%1“ nicht lesen</translation>
    </message>
    <message>
        <source>The keychain could not store the key for &quot;%1&quot;</source>
        <translation>Der Schlüsselbund konnte den Schlüssel für „%1“ nicht speichern</translation>
    </message>
    <message>
        <source>The keychain could not remove the key for &quot;%1&quot;</source>
        <translation>Der Schlüsselbund konnte den Schlüssel für „%1“ nicht entfernen</translation>
    </message>
</context>
<context>
    <name>valis::LocomoImporter</name>
    <message>
        <source>not a LoCoMo file: %1</source>
        <translation>keine LoCoMo-Datei: %1</translation>
    </message>
    <message>
        <source>LoCoMo conversations</source>
        <translation>LoCoMo-Unterhaltungen</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the file is not valid JSON: %1 at byte %2</source>
        <translation>die Datei ist kein gültiges JSON: %1 bei Byte %2</translation>
    </message>
    <message>
        <source>the top level is not a list of conversations</source>
        <translation>die oberste Ebene ist keine Liste von Unterhaltungen</translation>
    </message>
    <message>
        <source>conversation %1 has no sample_id, speaker_a or speaker_b</source>
        <translation>Unterhaltung %1 hat kein sample_id, speaker_a oder speaker_b</translation>
    </message>
    <message>
        <source>%1 and %2, session %3 (%4)</source>
        <translation>%1 und %2, Sitzung %3 (%4)</translation>
    </message>
    <message>
        <source>%1 session %2: unreadable date &quot;%3&quot;; the file&apos;s time is used</source>
        <translation>%1 Sitzung %2: unlesbares Datum „%3“; die Zeit der Datei wird verwendet</translation>
    </message>
    <message>
        <source>%1 session %2 turn %3 has no dia_id or an unknown speaker</source>
        <translation>%1 Sitzung %2 Runde %3 hat keine dia_id oder einen unbekannten Sprecher</translation>
    </message>
    <message>
        <source>no sessions in it</source>
        <translation>keine Sitzungen darin</translation>
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
    <message>
        <source>Transcript search</source>
        <translation>Transkriptsuche</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>Befehle</translation>
    </message>
    <message>
        <source>&amp;Search transcripts</source>
        <translation>Transkripte &amp;durchsuchen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <translation>&amp;Unterhaltung</translation>
    </message>
    <message>
        <source>&amp;Write to the agent</source>
        <translation>Dem Agenten &amp;schreiben</translation>
    </message>
    <message>
        <source>&amp;Stop the turn</source>
        <translation>Runde an&amp;halten</translation>
    </message>
    <message>
        <source>No tool call is waiting for your answer.</source>
        <translation>Kein Werkzeugaufruf wartet auf Ihre Antwort.</translation>
    </message>
    <message>
        <source>&amp;Allow the waiting call once</source>
        <translation>Wartenden Aufruf einmal &amp;erlauben</translation>
    </message>
    <message>
        <source>Allow it for this &amp;session</source>
        <translation>Für diese &amp;Sitzung erlauben</translation>
    </message>
    <message>
        <source>&amp;Deny the waiting call</source>
        <translation>Wartenden Aufruf &amp;ablehnen</translation>
    </message>
    <message>
        <source>&amp;Rename session…</source>
        <translation>Sitzung &amp;umbenennen…</translation>
    </message>
    <message>
        <source>&amp;Archive session</source>
        <translation>Sitzung a&amp;rchivieren</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Rename session</source>
        <translation>Sitzung umbenennen</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titel:</translation>
    </message>
    <message>
        <source>Undo: archived &quot;%1&quot;</source>
        <translation>Rückgängig: „%1“ archiviert</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>The %1 provider plugin is not running; see the plugin status.</source>
        <translation>Das Anbieter-Plugin %1 läuft nicht; siehe den Plugin-Status.</translation>
    </message>
    <message>
        <source>Next turn: %1 on %2 (its base URL comes from config/providers.json, default localhost:11434).</source>
        <translation>Nächste Runde: %1 auf %2 (die Basis-URL kommt aus config/providers.json, Vorgabe localhost:11434).</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>Filter sessions and folders</source>
        <translation>Sitzungen und Ordner filtern</translation>
    </message>
    <message>
        <source>A turn is running; regenerate when it is done.</source>
        <translation>Eine Runde läuft; erzeugen Sie die Antwort neu, wenn sie fertig ist.</translation>
    </message>
    <message>
        <source>A turn is running; switch branches when it is done.</source>
        <translation>Eine Runde läuft; wechseln Sie den Zweig, wenn sie fertig ist.</translation>
    </message>
    <message>
        <source>&amp;Delete session…</source>
        <translation>Sitzung &amp;löschen…</translation>
    </message>
    <message>
        <source>Stop the running turn before deleting its session.</source>
        <translation>Halten Sie die laufende Runde an, bevor Sie ihre Sitzung löschen.</translation>
    </message>
    <message>
        <source>Undo: deleted &quot;%1&quot;</source>
        <translation>Rückgängig: „%1“ gelöscht</translation>
    </message>
    <message>
        <source>Forked into &quot;%1&quot;: write its first request below; its answer is reported to the session it came from.</source>
        <translation>In &quot;%1&quot; geforkt: Schreiben Sie unten die erste Anfrage; die Antwort wird an die Sitzung gemeldet, aus der der Fork stammt.</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>Gelernt</translation>
    </message>
    <message>
        <source>Bringing files back and deleting the remote machine before closing…</source>
        <translation>Vor dem Schließen werden Dateien zurückgeholt und der entfernte Rechner gelöscht…</translation>
    </message>
    <message>
        <source>Bringing files back from the remote machine before closing…</source>
        <translation>Vor dem Schließen werden Dateien vom entfernten Rechner zurückgeholt…</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
    <message>
        <source>Filter sessions</source>
        <translation>Sitzungen filtern</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sitzungen</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>No session is shown.</source>
        <translation>Keine Sitzung wird angezeigt.</translation>
    </message>
    <message>
        <source>This imported session records no usage: its source did not report what its requests sent, so there is nothing true to show.</source>
        <translation>Diese importierte Sitzung zeichnet keine Nutzung auf: Ihre Quelle hat nicht gemeldet, was ihre Anfragen gesendet haben, daher gibt es nichts Zutreffendes anzuzeigen.</translation>
    </message>
    <message>
        <source>This session records no usage yet: no request of it has reported its tokens.</source>
        <translation>Diese Sitzung zeichnet noch keine Nutzung auf: Keine ihrer Anfragen hat ihre Tokens gemeldet.</translation>
    </message>
    <message>
        <source>No session is shown, so there is no request to inspect.</source>
        <translation>Es wird keine Sitzung angezeigt, daher gibt es keine Anfrage zu untersuchen.</translation>
    </message>
    <message>
        <source>Desktop notification not shown: %1</source>
        <translation>Desktop-Benachrichtigung nicht angezeigt: %1</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>Unbenannte Sitzung</translation>
    </message>
    <message>
        <source>The turn has ended.</source>
        <translation>Die Runde ist beendet.</translation>
    </message>
    <message>
        <source>A command failed: %1</source>
        <translation>Ein Befehl ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>A tool call waits for your approval: %1</source>
        <translation>Ein Werkzeugaufruf wartet auf Ihre Freigabe: %1</translation>
    </message>
    <message>
        <source>Background agent</source>
        <translation>Hintergrundagent</translation>
    </message>
    <message>
        <source>A background agent failed: %1</source>
        <translation>Ein Hintergrundagent ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>&amp;Command palette…</source>
        <translation>&amp;Befehlspalette…</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Settings: %1</source>
        <translation>Einstellungen: %1</translation>
    </message>
    <message>
        <source>Settings page</source>
        <translation>Einstellungsseite</translation>
    </message>
    <message>
        <source>Workspace: %1</source>
        <translation>Arbeitsbereich: %1</translation>
    </message>
    <message>
        <source>Recent workspace</source>
        <translation>Zuletzt verwendeter Arbeitsbereich</translation>
    </message>
    <message>
        <source>Session list: %1</source>
        <translation>Sitzungsliste: %1</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>Exportiert nach %1</translation>
    </message>
    <message>
        <source>&amp;Pin session</source>
        <translation>Sitzung an&amp;heften</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>Als &amp;Markdown exportieren…</translation>
    </message>
    <message>
        <source>Export as &amp;JSONL…</source>
        <translation>Als &amp;JSONL exportieren…</translation>
    </message>
    <message>
        <source>Un&amp;pin session</source>
        <translation>Sitzung lö&amp;sen</translation>
    </message>
    <message>
        <source>S&amp;ort sessions by</source>
        <translation>Sitzungen s&amp;ortieren nach</translation>
    </message>
    <message>
        <source>Recent activity</source>
        <translation>Letzte Aktivität</translation>
    </message>
    <message>
        <source>Creation date</source>
        <translation>Erstellungsdatum</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Export the session as JSONL</source>
        <translation>Die Sitzung als JSONL exportieren</translation>
    </message>
    <message>
        <source>Export the session as Markdown</source>
        <translation>Die Sitzung als Markdown exportieren</translation>
    </message>
    <message>
        <source>Valis JSONL (*.jsonl)</source>
        <translation>Valis-JSONL (*.jsonl)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>The plugin &quot;%1&quot; was shutting down when Valis last stopped unexpectedly. Disable it?</source>
        <translation>Das Plugin „%1“ wurde gerade beendet, als Valis zuletzt unerwartet stoppte. Deaktivieren?</translation>
    </message>
    <message>
        <source>The plugin &quot;%1&quot; did not finish shutting down when Valis last quit, so Valis quit without it. Disable it?</source>
        <translation>Das Plugin „%1“ wurde beim letzten Beenden von Valis nicht fertig, daher hat Valis ohne es beendet. Deaktivieren?</translation>
    </message>
</context>
<context>
    <name>valis::MarkdownExport</name>
    <message>
        <source>- Session: `%1` (%2)</source>
        <translation>- Sitzung: `%1` (%2)</translation>
    </message>
    <message>
        <source>- Workspace: `%1`</source>
        <translation>- Arbeitsbereich: `%1`</translation>
    </message>
    <message>
        <source>- Model: %1</source>
        <translation>- Modell: %1</translation>
    </message>
    <message>
        <source>- Started: %1</source>
        <translation>- Begonnen: %1</translation>
    </message>
    <message>
        <source>- Started by session `%1`</source>
        <translation>- Gestartet von Sitzung `%1`</translation>
    </message>
    <message>
        <source>Turn %1</source>
        <translation>Runde %1</translation>
    </message>
    <message>
        <source>marker: %1</source>
        <translation>Markierung: %1</translation>
    </message>
    <message>
        <source>cannot write the export: %1</source>
        <translation>der Export kann nicht geschrieben werden: %1</translation>
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
        <translation>Assistent (%1)</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>(redacted)</source>
        <translation>(geschwärzt)</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Nachdenken</translation>
    </message>
    <message>
        <source>**Tool call** `%1` (%2)</source>
        <translation>**Werkzeugaufruf** `%1` (%2)</translation>
    </message>
    <message>
        <source>**Tool result** (%1, error)</source>
        <translation>**Werkzeugergebnis** (%1, Fehler)</translation>
    </message>
    <message>
        <source>**Tool result** (%1)</source>
        <translation>**Werkzeugergebnis** (%1)</translation>
    </message>
    <message>
        <source>*[image %1, %2]*</source>
        <translation>*[Bild %1, %2]*</translation>
    </message>
    <message>
        <source>Recalled for the model</source>
        <translation>Für das Modell abgerufen</translation>
    </message>
</context>
<context>
    <name>valis::McpAuditEntry</name>
    <message>
        <source>an audit entry needs a time and a method</source>
        <translation>ein Audit-Eintrag braucht eine Zeit und eine Methode</translation>
    </message>
</context>
<context>
    <name>valis::McpAuditLog</name>
    <message>
        <source>cannot write the MCP audit log: %1</source>
        <translation>das MCP-Audit-Protokoll kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>cannot read the MCP audit log: %1</source>
        <translation>das MCP-Audit-Protokoll kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>valis::McpAuditView</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Reading the log…</source>
        <translation>Das Protokoll wird gelesen…</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>write</source>
        <translation>schreibend</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lesend</translation>
    </message>
    <message>
        <source>No agent has called Valis yet (%1).</source>
        <translation>Noch hat kein Agent Valis aufgerufen (%1).</translation>
    </message>
    <message numerus="yes">
        <source>The newest %n call(s), newest first.</source>
        <translation>
            <numerusform>%n neuester Aufruf.</numerusform>
            <numerusform>%n neueste Aufrufe, neueste zuerst.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of the log could not be read.</source>
        <translation>
            <numerusform>%n Zeile des Protokolls konnte nicht gelesen werden.</numerusform>
            <numerusform>%n Zeilen des Protokolls konnten nicht gelesen werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>MCP audit log</source>
        <translation>MCP-Audit-Protokoll</translation>
    </message>
</context>
<context>
    <name>valis::McpClient</name>
    <message>
        <source>initialize failed: %1</source>
        <translation>initialize ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the server speaks MCP revision &quot;%1&quot;, which Valis does not (it speaks %2)</source>
        <translation>der Server spricht die MCP-Revision „%1“, die Valis nicht spricht (Valis spricht %2)</translation>
    </message>
    <message>
        <source>an answer to no pending request: %1</source>
        <translation>eine Antwort auf keine offene Anfrage: %1</translation>
    </message>
    <message>
        <source>Valis does not offer %1</source>
        <translation>Valis bietet %1 nicht an</translation>
    </message>
    <message>
        <source>initialising again: the server ended the session</source>
        <translation>erneute Initialisierung: der Server hat die Sitzung beendet</translation>
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
        <translation>die Datei hat sich geändert, seit sie angezeigt wurde; es wurde nichts geschrieben, sehen Sie sich die Änderung noch einmal an</translation>
    </message>
    <message>
        <source>cannot keep a copy of the file (%1); nothing was written</source>
        <translation>von der Datei kann keine Kopie aufbewahrt werden (%1); es wurde nichts geschrieben</translation>
    </message>
    <message>
        <source>cannot create the folder</source>
        <translation>der Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write the file: %1</source>
        <translation>die Datei kann nicht geschrieben werden: %1</translation>
    </message>
</context>
<context>
    <name>valis::McpCommandResolver</name>
    <message>
        <source>the command &quot;%1&quot; does not exist</source>
        <translation>den Befehl „%1“ gibt es nicht</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an executable file</source>
        <translation>„%1“ ist keine ausführbare Datei</translation>
    </message>
    <message>
        <source>the path given</source>
        <translation>angegebener Pfad</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>PATH</translation>
    </message>
    <message>
        <source>the login shell&apos;s PATH</source>
        <translation>PATH der Login-Shell</translation>
    </message>
    <message>
        <source>&quot;%1&quot; was found neither on PATH nor on your login shell&apos;s PATH; give its full path in the server&apos;s &quot;command&quot;</source>
        <translation>„%1“ wurde weder im PATH noch im PATH Ihrer Login-Shell gefunden; geben Sie im „command“ des Servers den vollständigen Pfad an</translation>
    </message>
    <message>
        <source>, through cmd /c</source>
        <translation>, über cmd /c</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// address</source>
        <translation>„%1“ ist keine http://- oder https://-Adresse</translation>
    </message>
    <message>
        <source>header %1: %2</source>
        <translation>Header %1: %2</translation>
    </message>
    <message>
        <source>the environment variable %1, which should hold the bearer token, is not set</source>
        <translation>die Umgebungsvariable %1, die das Bearer-Token enthalten soll, ist nicht gesetzt</translation>
    </message>
    <message>
        <source>env %1: %2</source>
        <translation>env %1: %2</translation>
    </message>
    <message>
        <source>the working folder &quot;%1&quot; does not exist</source>
        <translation>den Arbeitsordner „%1“ gibt es nicht</translation>
    </message>
</context>
<context>
    <name>valis::McpComposerAssist</name>
    <message>
        <source>%1 did not list its resources: %2</source>
        <translation>%1 hat seine Ressourcen nicht aufgelistet: %2</translation>
    </message>
    <message>
        <source>%1 did not list its prompts: %2</source>
        <translation>%1 hat seine Prompts nicht aufgelistet: %2</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Not attached: %1</source>
        <translation>Nicht angehängt: %1</translation>
    </message>
    <message>
        <source>/%1:%2</source>
        <translation>/%1:%2</translation>
    </message>
    <message>
        <source>&amp;Insert</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>Getting /%1:%2…</source>
        <translation>/%1:%2 wird abgerufen…</translation>
    </message>
    <message>
        <source>/%1:%2 failed: %3</source>
        <translation>/%1:%2 ist fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
    <message>
        <source>/%1:%2 (%3)</source>
        <translation>/%1:%2 (%3)</translation>
    </message>
    <message>
        <source>Part of /%1:%2 was left out: %3</source>
        <translation>Ein Teil von /%1:%2 wurde weggelassen: %3</translation>
    </message>
</context>
<context>
    <name>valis::McpHttpTransport</name>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// address</source>
        <translation>„%1“ ist keine http://- oder https://-Adresse</translation>
    </message>
    <message>
        <source>cannot reach %1: %2</source>
        <translation>%1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>POST answered %1: trying the older HTTP+SSE transport</source>
        <translation>POST wurde mit %1 beantwortet: der ältere HTTP+SSE-Transport wird versucht</translation>
    </message>
    <message>
        <source>the server no longer knows session %1</source>
        <translation>der Server kennt die Sitzung %1 nicht mehr</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 wurde mit HTTP %2 beantwortet: %3</translation>
    </message>
    <message>
        <source>the server asks for more scope (%1): authorising again</source>
        <translation>der Server verlangt weitere Scopes (%1): erneute Autorisierung</translation>
    </message>
    <message>
        <source>the server asks for authorisation</source>
        <translation>der Server verlangt eine Autorisierung</translation>
    </message>
    <message>
        <source>%1 was not delivered: %2</source>
        <translation>%1 wurde nicht zugestellt: %2</translation>
    </message>
    <message>
        <source>%1: skipped a message that is not JSON-RPC (%2)</source>
        <translation>%1: eine Nachricht, die kein JSON-RPC ist, wurde übersprungen (%2)</translation>
    </message>
    <message>
        <source>an event stream broke off: %1</source>
        <translation>ein Ereignisstrom ist abgebrochen: %1</translation>
    </message>
    <message>
        <source>resuming the event stream after %1 ms from event %2</source>
        <translation>der Ereignisstrom wird nach %1 ms ab Ereignis %2 fortgesetzt</translation>
    </message>
    <message>
        <source>%1 answered neither as a Streamable HTTP nor as an HTTP+SSE MCP server (GET: %2)</source>
        <translation>%1 antwortete weder als Streamable-HTTP- noch als HTTP+SSE-MCP-Server (GET: %2)</translation>
    </message>
    <message>
        <source>the server named a message endpoint on another host (%1)</source>
        <translation>der Server hat einen Nachrichten-Endpunkt auf einem anderen Host genannt (%1)</translation>
    </message>
    <message>
        <source>HTTP+SSE: messages go to %1</source>
        <translation>HTTP+SSE: Nachrichten gehen an %1</translation>
    </message>
</context>
<context>
    <name>valis::McpInteractionDialog</name>
    <message>
        <source>[an image, %1]</source>
        <translation>[ein Bild, %1]</translation>
    </message>
    <message>
        <source>[audio, %1]</source>
        <translation>[Audio, %1]</translation>
    </message>
    <message>
        <source>A tool asks:</source>
        <translation>Ein Werkzeug fragt:</translation>
    </message>
    <message>
        <source>%1 asks:</source>
        <translation>%1 fragt:</translation>
    </message>
    <message>
        <source>Information requested</source>
        <translation>Angaben erbeten</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Senden</translation>
    </message>
    <message>
        <source>&amp;Decline</source>
        <translation>&amp;Ablehnen</translation>
    </message>
    <message>
        <source>Open an address?</source>
        <translation>Eine Adresse öffnen?</translation>
    </message>
    <message>
        <source>It wants your browser to open a page on</source>
        <translation>Es möchte, dass Ihr Browser eine Seite öffnet auf</translation>
    </message>
    <message>
        <source>The address is not encrypted (%1).</source>
        <translation>Die Adresse ist nicht verschlüsselt (%1).</translation>
    </message>
    <message>
        <source>The whole address:</source>
        <translation>Die vollständige Adresse:</translation>
    </message>
    <message>
        <source>&amp;Open in the browser</source>
        <translation>Im Browser ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Let the model answer?</source>
        <translation>Das Modell antworten lassen?</translation>
    </message>
    <message>
        <source>the session&apos;s model</source>
        <translation>das Modell der Sitzung</translation>
    </message>
    <message>
        <source>Answered by:</source>
        <translation>Beantwortet von:</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>At most (tokens):</source>
        <translation>Höchstens (Tokens):</translation>
    </message>
    <message>
        <source>It would prefer:</source>
        <translation>Es bevorzugt:</translation>
    </message>
    <message>
        <source>System prompt:</source>
        <translation>System-Prompt:</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Messages:</source>
        <translation>Nachrichten:</translation>
    </message>
    <message>
        <source>&amp;Allow</source>
        <translation>&amp;Erlauben</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>&amp;Verweigern</translation>
    </message>
</context>
<context>
    <name>valis::McpOAuthAuthorizer</name>
    <message>
        <source>the sign-in was abandoned</source>
        <translation>die Anmeldung wurde abgebrochen</translation>
    </message>
    <message>
        <source>stored sign-in not read: %1</source>
        <translation>gespeicherte Anmeldung nicht gelesen: %1</translation>
    </message>
    <message>
        <source>refreshing failed (%1): signing in again</source>
        <translation>Erneuern fehlgeschlagen (%1): erneute Anmeldung</translation>
    </message>
    <message>
        <source>signed out</source>
        <translation>abgemeldet</translation>
    </message>
    <message>
        <source>%1 at %2 failed: %3</source>
        <translation>%1 bei %2 ist fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>there is no refresh token to renew the sign-in with</source>
        <translation>es gibt kein Refresh-Token, mit dem die Anmeldung erneuert werden könnte</translation>
    </message>
    <message>
        <source>refreshing the access token</source>
        <translation>das Zugriffstoken wird erneuert</translation>
    </message>
    <message>
        <source>Renewing the sign-in</source>
        <translation>Das Erneuern der Anmeldung</translation>
    </message>
    <message>
        <source>the authorization server&apos;s token answer holds no access_token</source>
        <translation>die Token-Antwort des Autorisierungsservers enthält kein access_token</translation>
    </message>
    <message>
        <source>the authorization server issued a &quot;%1&quot; token; Valis uses Bearer tokens only</source>
        <translation>der Autorisierungsserver hat ein „%1“-Token ausgestellt; Valis verwendet nur Bearer-Tokens</translation>
    </message>
    <message>
        <source>the sign-in is not kept for next time: %1</source>
        <translation>die Anmeldung wird nicht für das nächste Mal gespeichert: %1</translation>
    </message>
    <message>
        <source>sign-in failed: %1</source>
        <translation>Anmeldung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>not JSON</source>
        <translation>kein JSON</translation>
    </message>
    <message>
        <source>no protected-resource metadata: trying %1 as the authorization server (2025-03-26 rules)</source>
        <translation>keine Protected-Resource-Metadaten: %1 wird als Autorisierungsserver versucht (Regeln von 2025-03-26)</translation>
    </message>
    <message>
        <source>the protected-resource metadata at %1 is for %2, not for %3; Valis will not send a sign-in meant for another server</source>
        <translation>die Protected-Resource-Metadaten unter %1 gelten für %2, nicht für %3; Valis sendet keine Anmeldung, die für einen anderen Server bestimmt ist</translation>
    </message>
    <message>
        <source>the protected-resource metadata at %1 names no authorization server</source>
        <translation>die Protected-Resource-Metadaten unter %1 nennen keinen Autorisierungsserver</translation>
    </message>
    <message>
        <source>authorization server: %1</source>
        <translation>Autorisierungsserver: %1</translation>
    </message>
    <message>
        <source>no authorization-server metadata: using the default endpoints /authorize, /token, /register</source>
        <translation>keine Autorisierungsserver-Metadaten: die Standard-Endpunkte /authorize, /token, /register werden verwendet</translation>
    </message>
    <message>
        <source>the authorization server %1 publishes no metadata Valis can read (%2)</source>
        <translation>der Autorisierungsserver %1 veröffentlicht keine Metadaten, die Valis lesen kann (%2)</translation>
    </message>
    <message>
        <source>the metadata at %1 names issuer %2, not %3: refused (RFC 8414 §3.3)</source>
        <translation>die Metadaten unter %1 nennen den Aussteller %2, nicht %3: abgelehnt (RFC 8414 §3.3)</translation>
    </message>
    <message>
        <source>the authorization server %1 does not say it supports PKCE with S256 (code_challenge_methods_supported), which MCP requires; Valis will not sign in there. Ask the server&apos;s operator to enable PKCE.</source>
        <translation>der Autorisierungsserver %1 gibt nicht an, PKCE mit S256 zu unterstützen (code_challenge_methods_supported), was MCP verlangt; Valis meldet sich dort nicht an. Bitten Sie den Betreiber des Servers, PKCE zu aktivieren.</translation>
    </message>
    <message>
        <source>identifying Valis by its client metadata document</source>
        <translation>Valis weist sich mit seinem Client-Metadatendokument aus</translation>
    </message>
    <message>
        <source>the authorization server %1 lets no client register itself (no registration_endpoint, no client metadata documents): register Valis there by hand and put its client id (and secret) in this server&apos;s &quot;oauth&quot; settings in config/mcp.json</source>
        <translation>der Autorisierungsserver %1 lässt keine Selbstregistrierung von Clients zu (kein registration_endpoint, keine Client-Metadatendokumente): registrieren Sie Valis dort von Hand und tragen Sie die Client-ID (und das Secret) in die „oauth“-Einstellungen dieses Servers in config/mcp.json ein</translation>
    </message>
    <message>
        <source>registering Valis with %1</source>
        <translation>Valis wird bei %1 registriert</translation>
    </message>
    <message>
        <source>registering Valis at %1 failed: %2</source>
        <translation>die Registrierung von Valis bei %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>the answer holds no client_id</source>
        <translation>die Antwort enthält keine client_id</translation>
    </message>
    <message>
        <source>the registration is not kept for next time: %1</source>
        <translation>die Registrierung wird nicht für das nächste Mal gespeichert: %1</translation>
    </message>
    <message>
        <source>The sign-in did not succeed (%1). You can close this window.</source>
        <translation>Die Anmeldung war nicht erfolgreich (%1). Sie können dieses Fenster schließen.</translation>
    </message>
    <message>
        <source>This sign-in answer does not belong to the sign-in Valis started. You can close this window.</source>
        <translation>Diese Anmeldeantwort gehört nicht zu der Anmeldung, die Valis gestartet hat. Sie können dieses Fenster schließen.</translation>
    </message>
    <message>
        <source>the authorization server refused the sign-in: %1%2</source>
        <translation>der Autorisierungsserver hat die Anmeldung abgelehnt: %1%2</translation>
    </message>
    <message>
        <source>the browser came back with a sign-in answer that does not belong to this sign-in (state mismatch); it was ignored. Try signing in again.</source>
        <translation>der Browser kam mit einer Anmeldeantwort zurück, die nicht zu dieser Anmeldung gehört (state stimmt nicht überein); sie wurde ignoriert. Melden Sie sich erneut an.</translation>
    </message>
    <message>
        <source>the browser came back without an authorization code</source>
        <translation>der Browser kam ohne Autorisierungscode zurück</translation>
    </message>
    <message>
        <source>the sign-in for %1 was not completed within %2 minutes; start it again when you are ready</source>
        <translation>die Anmeldung bei %1 wurde nicht innerhalb von %2 Minuten abgeschlossen; starten Sie sie erneut, wenn Sie bereit sind</translation>
    </message>
    <message>
        <source>signing in at %1</source>
        <translation>Anmeldung bei %1</translation>
    </message>
    <message>
        <source>no browser could be opened to sign in to %1</source>
        <translation>für die Anmeldung bei %1 konnte kein Browser geöffnet werden</translation>
    </message>
    <message>
        <source>no browser opened: open the sign-in address by hand</source>
        <translation>kein Browser geöffnet: öffnen Sie die Anmeldeadresse von Hand</translation>
    </message>
    <message>
        <source>signed in</source>
        <translation>angemeldet</translation>
    </message>
    <message>
        <source>the authorization server no longer knows this client: registering again</source>
        <translation>der Autorisierungsserver kennt diesen Client nicht mehr: erneute Registrierung</translation>
    </message>
    <message>
        <source>Exchanging the authorization code</source>
        <translation>Das Eintauschen des Autorisierungscodes</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>keine rechtzeitige Antwort</translation>
    </message>
    <message>
        <source>cannot listen on 127.0.0.1 for the sign-in&apos;s redirect: %1</source>
        <translation>auf 127.0.0.1 kann nicht auf die Weiterleitung der Anmeldung gewartet werden: %1</translation>
    </message>
    <message>
        <source>Nothing here.</source>
        <translation>Hier gibt es nichts.</translation>
    </message>
    <message>
        <source>Valis has what it needs. You can close this window.</source>
        <translation>Valis hat, was es braucht. Sie können dieses Fenster schließen.</translation>
    </message>
    <message>
        <source>the authorization server&apos;s metadata at %1 names no usable authorization_endpoint and token_endpoint</source>
        <translation>die Metadaten des Autorisierungsservers unter %1 nennen keinen brauchbaren authorization_endpoint und token_endpoint</translation>
    </message>
    <message>
        <source>the keychain holds this authorization server&apos;s sign-in in a newer Valis&apos;s format; it was kept, and this sign-in lasts until Valis quits</source>
        <translation>der Schlüsselbund enthält die Anmeldung bei diesem Autorisierungsserver im Format einer neueren Valis-Version; sie wurde beibehalten, und diese Anmeldung gilt, bis Valis beendet wird</translation>
    </message>
</context>
<context>
    <name>valis::McpSchema</name>
    <message>
        <source>no value is allowed here</source>
        <translation>hier ist kein Wert erlaubt</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>%1 erwartet, %2 erhalten</translation>
    </message>
    <message>
        <source>not one of the allowed values</source>
        <translation>keiner der erlaubten Werte</translation>
    </message>
    <message>
        <source>not the required constant</source>
        <translation>nicht die geforderte Konstante</translation>
    </message>
    <message>
        <source>matches none of the allowed shapes</source>
        <translation>passt zu keiner der erlaubten Formen</translation>
    </message>
    <message>
        <source>matches more than one of the shapes oneOf allows</source>
        <translation>passt zu mehr als einer der Formen, die oneOf erlaubt</translation>
    </message>
    <message>
        <source>matches a shape that is not allowed</source>
        <translation>passt zu einer Form, die nicht erlaubt ist</translation>
    </message>
    <message>
        <source>below the minimum %1</source>
        <translation>unter dem Minimum %1</translation>
    </message>
    <message>
        <source>above the maximum %1</source>
        <translation>über dem Maximum %1</translation>
    </message>
    <message>
        <source>not above %1</source>
        <translation>nicht größer als %1</translation>
    </message>
    <message>
        <source>not below %1</source>
        <translation>nicht kleiner als %1</translation>
    </message>
    <message>
        <source>not a multiple of %1</source>
        <translation>kein Vielfaches von %1</translation>
    </message>
    <message>
        <source>shorter than %1 characters</source>
        <translation>kürzer als %1 Zeichen</translation>
    </message>
    <message>
        <source>longer than %1 characters</source>
        <translation>länger als %1 Zeichen</translation>
    </message>
    <message>
        <source>does not match the pattern %1</source>
        <translation>passt nicht zum Muster %1</translation>
    </message>
    <message>
        <source>fewer than %1 items</source>
        <translation>weniger als %1 Elemente</translation>
    </message>
    <message>
        <source>more than %1 items</source>
        <translation>mehr als %1 Elemente</translation>
    </message>
    <message>
        <source>items are not unique</source>
        <translation>die Elemente sind nicht eindeutig</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is missing</source>
        <translation>„%1“ fehlt</translation>
    </message>
    <message>
        <source>is not an allowed property</source>
        <translation>ist keine erlaubte Eigenschaft</translation>
    </message>
    <message>
        <source>its input schema is not a JSON object</source>
        <translation>sein Eingabeschema ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>its input schema is of type %1; model APIs take only objects</source>
        <translation>sein Eingabeschema hat den Typ %1; Modell-APIs nehmen nur Objekte an</translation>
    </message>
    <message>
        <source>its input schema has &quot;%1&quot; at the top level, which model APIs refuse</source>
        <translation>sein Eingabeschema hat „%1“ auf oberster Ebene, was Modell-APIs ablehnen</translation>
    </message>
    <message>
        <source>its input schema&apos;s &quot;properties&quot; is not an object</source>
        <translation>das „properties“ seines Eingabeschemas ist kein Objekt</translation>
    </message>
</context>
<context>
    <name>valis::McpSchemaForm</name>
    <message>
        <source>an e-mail address</source>
        <translation>eine E-Mail-Adresse</translation>
    </message>
    <message>
        <source>an address (URI)</source>
        <translation>eine Adresse (URI)</translation>
    </message>
    <message>
        <source>a date (YYYY-MM-DD)</source>
        <translation>ein Datum (JJJJ-MM-TT)</translation>
    </message>
    <message>
        <source>a date and time (YYYY-MM-DDThh:mm:ssZ)</source>
        <translation>ein Datum mit Uhrzeit (JJJJ-MM-TTThh:mm:ssZ)</translation>
    </message>
    <message>
        <source>%1 *</source>
        <translation>%1 *</translation>
    </message>
    <message>
        <source>(nothing to fill in)</source>
        <translation>(nichts auszufüllen)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine Auswahl)</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>at least %1</source>
        <translation>mindestens %1</translation>
    </message>
    <message>
        <source>at most %1</source>
        <translation>höchstens %1</translation>
    </message>
    <message numerus="yes">
        <source>at least %n characters</source>
        <translation>
            <numerusform>mindestens %n Zeichen</numerusform>
            <numerusform>mindestens %n Zeichen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at most %n characters</source>
        <translation>
            <numerusform>höchstens %n Zeichen</numerusform>
            <numerusform>höchstens %n Zeichen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is required.</source>
        <translation>%1 ist erforderlich.</translation>
    </message>
    <message>
        <source>%1 must be a whole number.</source>
        <translation>%1 muss eine ganze Zahl sein.</translation>
    </message>
    <message>
        <source>%1 must be a number.</source>
        <translation>%1 muss eine Zahl sein.</translation>
    </message>
    <message>
        <source>%1 must be at least %2.</source>
        <translation>%1 muss mindestens %2 sein.</translation>
    </message>
    <message>
        <source>%1 must be at most %2.</source>
        <translation>%1 darf höchstens %2 sein.</translation>
    </message>
    <message numerus="yes">
        <source>%1 needs at least %n characters.</source>
        <translation>
            <numerusform>%1 braucht mindestens %n Zeichen.</numerusform>
            <numerusform>%1 braucht mindestens %n Zeichen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 takes at most %n characters.</source>
        <translation>
            <numerusform>%1 nimmt höchstens %n Zeichen.</numerusform>
            <numerusform>%1 nimmt höchstens %n Zeichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 must be %2.</source>
        <translation>%1 muss %2 sein.</translation>
    </message>
    <message numerus="yes">
        <source>Choose at least %n for %1.</source>
        <translation>
            <numerusform>Wählen Sie für %1 mindestens %n aus.</numerusform>
            <numerusform>Wählen Sie für %1 mindestens %n aus.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Choose at most %n for %1.</source>
        <translation>
            <numerusform>Wählen Sie für %1 höchstens %n aus.</numerusform>
            <numerusform>Wählen Sie für %1 höchstens %n aus.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>valis::McpServerConnection</name>
    <message>
        <source>the server refused the bearer token from %1</source>
        <translation>der Server hat das Bearer-Token aus %1 abgelehnt</translation>
    </message>
    <message numerus="yes">
        <source>the server did not get ready within %n second(s) (start, authorisation, initialize and the first tools/list); raise its startupTimeoutSec if it is just slow</source>
        <translation>
            <numerusform>der Server war nicht innerhalb von %n Sekunde bereit (Start, Autorisierung, initialize und das erste tools/list); erhöhen Sie seinen startupTimeoutSec, wenn er nur langsam ist</numerusform>
            <numerusform>der Server war nicht innerhalb von %n Sekunden bereit (Start, Autorisierung, initialize und das erste tools/list); erhöhen Sie seinen startupTimeoutSec, wenn er nur langsam ist</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>restarting</source>
        <translation>startet neu</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>deaktiviert</translation>
    </message>
    <message>
        <source>starting %1 (found on %2)</source>
        <translation>%1 wird gestartet (Fundort: %2)</translation>
    </message>
    <message>
        <source>connecting to %1</source>
        <translation>Verbindung zu %1 wird hergestellt</translation>
    </message>
    <message>
        <source>connected: %1 %2, MCP %3</source>
        <translation>verbunden: %1 %2, MCP %3</translation>
    </message>
    <message>
        <source>logging/setLevel failed: %1</source>
        <translation>logging/setLevel ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>tools/list failed: %1</source>
        <translation>tools/list ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>skipped a tool without a name</source>
        <translation>ein Werkzeug ohne Namen wurde übersprungen</translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s) offered</source>
        <translation>
            <numerusform>%n Werkzeug angeboten</numerusform>
            <numerusform>%n Werkzeuge angeboten</numerusform>
        </translation>
    </message>
    <message>
        <source>The server&apos;s last log lines:</source>
        <translation>Die letzten Protokollzeilen des Servers:</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>not restarting: it failed %n time(s) in a row</source>
        <translation>
            <numerusform>kein Neustart: er ist %n-mal hintereinander fehlgeschlagen</numerusform>
            <numerusform>kein Neustart: er ist %n-mal hintereinander fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>restarting in %n second(s)</source>
        <translation>
            <numerusform>Neustart in %n Sekunde</numerusform>
            <numerusform>Neustart in %n Sekunden</numerusform>
        </translation>
    </message>
    <message>
        <source>restart asked for</source>
        <translation>Neustart angefordert</translation>
    </message>
</context>
<context>
    <name>valis::McpServerDetails</name>
    <message>
        <source>&amp;Reconnect</source>
        <translation>Neu &amp;verbinden</translation>
    </message>
    <message>
        <source>A&amp;uthorise…</source>
        <translation>A&amp;utorisieren…</translation>
    </message>
    <message>
        <source>Sign in to this server in your browser (OAuth)</source>
        <translation>Bei diesem Server im Browser anmelden (OAuth)</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>&amp;Abmelden</translation>
    </message>
    <message>
        <source>Forget the tokens Valis keeps for this server</source>
        <translation>Die Tokens vergessen, die Valis für diesen Server aufbewahrt</translation>
    </message>
    <message>
        <source>Tool (offered to the model)</source>
        <translation>Werkzeug (dem Modell angeboten)</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>&amp;Protokoll</translation>
    </message>
    <message>
        <source>Reconnecting to %1…</source>
        <translation>Verbindung zu %1 wird neu aufgebaut…</translation>
    </message>
    <message>
        <source>Signing in to %1: finish in your browser…</source>
        <translation>Anmeldung bei %1: schließen Sie sie im Browser ab…</translation>
    </message>
    <message>
        <source>Signed in to %1.</source>
        <translation>Bei %1 angemeldet.</translation>
    </message>
    <message>
        <source>Signing in to %1 failed: %2</source>
        <translation>Die Anmeldung bei %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Signed out of %1.</source>
        <translation>Von %1 abgemeldet.</translation>
    </message>
    <message>
        <source>Signing out of %1 failed: %2</source>
        <translation>Die Abmeldung von %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>The MCP plugin is not running: no server is started (see Settings &gt; Plugins).</source>
        <translation>Das MCP-Plugin läuft nicht: es wird kein Server gestartet (siehe Einstellungen &gt; Plugins).</translation>
    </message>
    <message>
        <source>Not started yet: Apply to start it.</source>
        <translation>Noch nicht gestartet: mit „Anwenden“ starten.</translation>
    </message>
    <message>
        <source>Disabled.</source>
        <translation>Deaktiviert.</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>Zustand: %1</translation>
    </message>
    <message numerus="yes">
        <source> (restarted %n times)</source>
        <translation>
            <numerusform> (%n-mal neu gestartet)</numerusform>
            <numerusform> (%n-mal neu gestartet)</numerusform>
        </translation>
    </message>
    <message>
        <source>Server: %1 %2, protocol %3</source>
        <translation>Server: %1 %2, Protokoll %3</translation>
    </message>
    <message>
        <source>Runs: %1</source>
        <translation>Läuft als: %1</translation>
    </message>
    <message>
        <source>Command found: %1</source>
        <translation>Befehl gefunden: %1</translation>
    </message>
    <message>
        <source>Sent to the model as %1</source>
        <translation>Dem Modell als %1 gesendet</translation>
    </message>
    <message>
        <source>Set aside: %1</source>
        <translation>Zurückgestellt: %1</translation>
    </message>
    <message>
        <source>No tools listed (yet).</source>
        <translation>(Noch) keine Werkzeuge aufgelistet.</translation>
    </message>
    <message>
        <source>%1 of %2 tools offered: about %3 tokens of every request (counted for %4).</source>
        <translation>%1 von %2 Werkzeugen angeboten: etwa %3 Tokens jeder Anfrage (gezählt für %4).</translation>
    </message>
    <message>
        <source>the default model</source>
        <translation>das Standardmodell</translation>
    </message>
    <message>
        <source>Not sent to the model now. %1</source>
        <translation>Wird dem Modell zurzeit nicht gesendet. %1</translation>
    </message>
    <message>
        <source>Server error</source>
        <translation>Serverfehler</translation>
    </message>
    <message>
        <source>Server tools</source>
        <translation>Server-Werkzeuge</translation>
    </message>
    <message>
        <source>Server log</source>
        <translation>Serverprotokoll</translation>
    </message>
</context>
<context>
    <name>valis::McpServerEditor</name>
    <message>
        <source>%1, line %2: write %3</source>
        <translation>%1, Zeile %2: schreiben Sie %3</translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <translation>MCP-Server hinzufügen</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP-Server %1</translation>
    </message>
    <message>
        <source>letters, digits, - and _</source>
        <translation>Buchstaben, Ziffern, - und _</translation>
    </message>
    <message>
        <source>A program on this computer (stdio)</source>
        <translation>Ein Programm auf diesem Computer (stdio)</translation>
    </message>
    <message>
        <source>A server at an address (Streamable HTTP)</source>
        <translation>Ein Server unter einer Adresse (Streamable HTTP)</translation>
    </message>
    <message>
        <source>npx, node, uvx, /path/to/server</source>
        <translation>npx, node, uvx, /pfad/zum/server</translation>
    </message>
    <message>
        <source>one argument per line</source>
        <translation>ein Argument pro Zeile</translation>
    </message>
    <message>
        <source>NAME=value per line; ${VAR} takes Valis&apos;s variable</source>
        <translation>NAME=Wert pro Zeile; ${VAR} übernimmt die Variable von Valis</translation>
    </message>
    <message>
        <source>the folder it runs in (optional)</source>
        <translation>der Ordner, in dem es läuft (optional)</translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation>&amp;Befehl:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>&amp;Argumente:</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>&amp;Umgebung:</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Ordner:</translation>
    </message>
    <message>
        <source>Name: value per line; ${VAR} takes Valis&apos;s variable</source>
        <translation>Name: Wert pro Zeile; ${VAR} übernimmt die Variable von Valis</translation>
    </message>
    <message>
        <source>an environment variable holding a token (optional)</source>
        <translation>eine Umgebungsvariable mit einem Token (optional)</translation>
    </message>
    <message>
        <source>a registered OAuth client (optional)</source>
        <translation>ein registrierter OAuth-Client (optional)</translation>
    </message>
    <message>
        <source>scopes to ask for, when the server names none</source>
        <translation>anzufordernde Scopes, wenn der Server keine nennt</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Adresse:</translation>
    </message>
    <message>
        <source>&amp;Headers:</source>
        <translation>&amp;Header:</translation>
    </message>
    <message>
        <source>&amp;Bearer token variable:</source>
        <translation>&amp;Bearer-Token-Variable:</translation>
    </message>
    <message>
        <source>OAuth &amp;client id:</source>
        <translation>OAuth-&amp;Client-ID:</translation>
    </message>
    <message>
        <source>OAuth &amp;scopes:</source>
        <translation>OAuth-&amp;Scopes:</translation>
    </message>
    <message>
        <source>&amp;Enabled</source>
        <translation>&amp;Aktiviert</translation>
    </message>
    <message>
        <source>&amp;Trusted: believe what it says of its tools (read-only, destructive)</source>
        <translation>&amp;Vertrauenswürdig: seinen Angaben über seine Werkzeuge glauben (nur lesend, zerstörerisch)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>&amp;Start-up timeout:</source>
        <translation>&amp;Start-Zeitlimit:</translation>
    </message>
    <message>
        <source>Tool &amp;call timeout:</source>
        <translation>&amp;Zeitlimit für Werkzeugaufrufe:</translation>
    </message>
    <message>
        <source>Only these tools:</source>
        <translation>Nur diese Werkzeuge:</translation>
    </message>
    <message>
        <source>Never these tools:</source>
        <translation>Nie diese Werkzeuge:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Art:</translation>
    </message>
    <message>
        <source>The name may hold letters, digits, - and _ (at most 64).</source>
        <translation>Der Name darf Buchstaben, Ziffern, - und _ enthalten (höchstens 64).</translation>
    </message>
    <message>
        <source>There is a server named %1 already.</source>
        <translation>Es gibt bereits einen Server namens %1.</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>Header</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>this server</source>
        <translation>dieser Server</translation>
    </message>
</context>
<context>
    <name>valis::McpServersPage</name>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>Nothing on this page will be saved until this is fixed: %1</source>
        <translation>Von dieser Seite wird nichts gespeichert, bis das behoben ist: %1</translation>
    </message>
    <message>
        <source>The MCP plugin is not running: servers can be set up, and start once it runs.</source>
        <translation>Das MCP-Plugin läuft nicht: Server lassen sich einrichten und starten, sobald es läuft.</translation>
    </message>
    <message>
        <source>The plugins are still starting; open Settings again in a moment to see the servers&apos; state.</source>
        <translation>Die Plugins starten noch; öffnen Sie die Einstellungen gleich noch einmal, um den Zustand der Server zu sehen.</translation>
    </message>
    <message>
        <source>Tick a server to enable it</source>
        <translation>Einen Server ankreuzen, um ihn zu aktivieren</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Bearbeiten…</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>From a file (claude_desktop_config.json, .mcp.json, config.toml)…</source>
        <translation>Aus einer Datei (claude_desktop_config.json, .mcp.json, config.toml)…</translation>
    </message>
    <message>
        <source>From Codex (%1)</source>
        <translation>Aus Codex (%1)</translation>
    </message>
    <message>
        <source>From Claude Desktop (%1)</source>
        <translation>Aus Claude Desktop (%1)</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — %2, %3 tokens</source>
        <translation>%1 — %2, %3 Tokens</translation>
    </message>
    <message>
        <source>%1 is removed when you apply.</source>
        <translation>%1 wird beim Anwenden entfernt.</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <translation>MCP-Server importieren</translation>
    </message>
    <message>
        <source>MCP configurations (*.json *.toml)</source>
        <translation>MCP-Konfigurationen (*.json *.toml)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Nothing imported: %1</source>
        <translation>Nichts importiert: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Import a project&apos;s MCP servers?</source>
        <translation>Die MCP-Server eines Projekts importieren?</translation>
    </message>
    <message>
        <source>%1 comes with a project and can start any program on this computer. Import these servers?</source>
        <translation>%1 gehört zu einem Projekt und kann jedes Programm auf diesem Computer starten. Diese Server importieren?</translation>
    </message>
    <message>
        <source>(it lists no servers)</source>
        <translation>(sie nennt keine Server)</translation>
    </message>
    <message>
        <source>Nothing imported from %1.</source>
        <translation>Nichts aus %1 importiert.</translation>
    </message>
    <message>
        <source>Nothing new in %1.</source>
        <translation>Nichts Neues in %1.</translation>
    </message>
    <message>
        <source>Imported from %1: %2 (saved when you apply).</source>
        <translation>Aus %1 importiert: %2 (wird beim Anwenden gespeichert).</translation>
    </message>
    <message>
        <source>Kept the servers already here: %1.</source>
        <translation>Die bereits vorhandenen Server wurden behalten: %1.</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>Nicht importiert: %1</translation>
    </message>
    <message>
        <source>not saved: %1</source>
        <translation>nicht gespeichert: %1</translation>
    </message>
</context>
<context>
    <name>valis::McpSettings</name>
    <message>
        <source>&quot;%1&quot; must be a list of strings</source>
        <translation>„%1“ muss eine Liste von Zeichenketten sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object of strings</source>
        <translation>„%1“ muss ein Objekt mit Zeichenketten sein</translation>
    </message>
    <message>
        <source>&quot;%1.%2&quot; must be a string</source>
        <translation>„%1.%2“ muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a number of seconds above 0</source>
        <translation>„%1“ muss eine Anzahl Sekunden größer als 0 sein</translation>
    </message>
    <message>
        <source>the server name &quot;%1&quot; may hold only letters, digits, &apos;-&apos; and &apos;_&apos; (at most 64)</source>
        <translation>der Servername „%1“ darf nur Buchstaben, Ziffern, „-“ und „_“ enthalten (höchstens 64)</translation>
    </message>
    <message>
        <source>&quot;type&quot; must be &quot;stdio&quot; or &quot;http&quot;, not &quot;%1&quot;</source>
        <translation>„type“ muss „stdio“ oder „http“ sein, nicht „%1“</translation>
    </message>
    <message>
        <source>an http server needs a &quot;url&quot;</source>
        <translation>ein http-Server braucht eine „url“</translation>
    </message>
    <message>
        <source>a stdio server needs a &quot;command&quot;</source>
        <translation>ein stdio-Server braucht einen „command“</translation>
    </message>
    <message>
        <source>the environment variable %1 is not set (write ${%1:-default} for a default)</source>
        <translation>die Umgebungsvariable %1 ist nicht gesetzt (schreiben Sie ${%1:-default} für einen Standardwert)</translation>
    </message>
    <message>
        <source>&quot;mcpServers&quot; must be an object of servers by name</source>
        <translation>„mcpServers“ muss ein Objekt mit Servern nach Namen sein</translation>
    </message>
    <message>
        <source>a server must be an object</source>
        <translation>ein Server muss ein Objekt sein</translation>
    </message>
    <message>
        <source>&quot;toolSearch.deferAbove&quot; must be a share of the window between 0 and 1</source>
        <translation>„toolSearch.deferAbove“ muss ein Anteil des Fensters zwischen 0 und 1 sein</translation>
    </message>
    <message>
        <source>cannot read it: %1</source>
        <translation>nicht lesbar: %1</translation>
    </message>
    <message>
        <source>not JSON: %1 at byte %2</source>
        <translation>kein JSON: %1 bei Byte %2</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>no &quot;mcpServers&quot; object in it</source>
        <translation>kein „mcpServers“-Objekt darin</translation>
    </message>
</context>
<context>
    <name>valis::McpStatusButton</name>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>MCP %1/%2</source>
        <translation>MCP %1/%2</translation>
    </message>
    <message>
        <source>Click for Settings &gt; MCP servers.</source>
        <translation>Klicken für Einstellungen &gt; MCP-Server.</translation>
    </message>
    <message>
        <source>config/mcp.json: %1</source>
        <translation>config/mcp.json: %1</translation>
    </message>
</context>
<context>
    <name>valis::McpStdioTransport</name>
    <message>
        <source>could not start &quot;%1&quot;: %2</source>
        <translation>„%1“ konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>stdout, skipped (%1): %2</source>
        <translation>stdout, übersprungen (%1): %2</translation>
    </message>
</context>
<context>
    <name>valis::McpStoredTokenAuthorizer</name>
    <message>
        <source>the server refused the bearer token stored in the keychain (%1); store another with valis-cli keys set %1, or remove it to sign in with OAuth</source>
        <translation>der Server hat das im Schlüsselbund gespeicherte Bearer-Token abgelehnt (%1); speichern Sie ein anderes mit valis-cli keys set %1 oder entfernen Sie es, um sich mit OAuth anzumelden</translation>
    </message>
</context>
<context>
    <name>valis::McpStreamableHttpServer</name>
    <message>
        <source>Method not allowed.</source>
        <translation>Methode nicht erlaubt.</translation>
    </message>
    <message>
        <source>Forbidden: this Origin may not use the server.</source>
        <translation>Verboten: dieser Origin darf den Server nicht verwenden.</translation>
    </message>
    <message>
        <source>Forbidden: this Host may not use the server.</source>
        <translation>Verboten: dieser Host darf den Server nicht verwenden.</translation>
    </message>
    <message>
        <source>Unauthorized: a valid bearer token is required.</source>
        <translation>Nicht autorisiert: ein gültiges Bearer-Token ist erforderlich.</translation>
    </message>
    <message>
        <source>Bad Request: unsupported MCP-Protocol-Version %1 (supported: %2).</source>
        <translation>Fehlerhafte Anfrage: nicht unterstützte MCP-Protocol-Version %1 (unterstützt: %2).</translation>
    </message>
    <message>
        <source>Bad Request: the Mcp-Session-Id header is required.</source>
        <translation>Fehlerhafte Anfrage: der Header Mcp-Session-Id ist erforderlich.</translation>
    </message>
    <message>
        <source>Session not found.</source>
        <translation>Sitzung nicht gefunden.</translation>
    </message>
    <message>
        <source>Not Acceptable: the client must accept application/json and text/event-stream.</source>
        <translation>Nicht akzeptabel: der Client muss application/json und text/event-stream akzeptieren.</translation>
    </message>
    <message>
        <source>Unsupported Media Type: the body must be application/json.</source>
        <translation>Nicht unterstützter Medientyp: der Körper muss application/json sein.</translation>
    </message>
    <message>
        <source>Parse error: %1</source>
        <translation>Parse-Fehler: %1</translation>
    </message>
    <message>
        <source>Invalid Request: %1</source>
        <translation>Ungültige Anfrage: %1</translation>
    </message>
    <message>
        <source>an empty batch</source>
        <translation>ein leerer Batch</translation>
    </message>
    <message>
        <source>Invalid Request: initialize must be sent alone.</source>
        <translation>Ungültige Anfrage: initialize muss allein gesendet werden.</translation>
    </message>
    <message>
        <source>Not Acceptable: the client must accept text/event-stream.</source>
        <translation>Nicht akzeptabel: der Client muss text/event-stream akzeptieren.</translation>
    </message>
    <message>
        <source>Bad Request: Last-Event-ID names no stream of this session.</source>
        <translation>Fehlerhafte Anfrage: Last-Event-ID bezeichnet keinen Stream dieser Sitzung.</translation>
    </message>
    <message>
        <source>Conflict: this session&apos;s GET stream is already open.</source>
        <translation>Konflikt: der GET-Stream dieser Sitzung ist bereits geöffnet.</translation>
    </message>
    <message>
        <source>The MCP server needs a bearer token: it does not serve without one.</source>
        <translation>Der MCP-Server braucht ein Bearer-Token: ohne eines stellt er nichts bereit.</translation>
    </message>
</context>
<context>
    <name>valis::McpTools</name>
    <message>
        <source>the keychain is no longer available</source>
        <translation>der Schlüsselbund ist nicht mehr verfügbar</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP-Server %1</translation>
    </message>
    <message>
        <source>Valis opens only http and https addresses</source>
        <translation>Valis öffnet nur http- und https-Adressen</translation>
    </message>
    <message>
        <source>The user declined the sampling request.</source>
        <translation>Der Benutzer hat die Sampling-Anfrage abgelehnt.</translation>
    </message>
    <message>
        <source>The model could not answer: %1</source>
        <translation>Das Modell konnte nicht antworten: %1</translation>
    </message>
    <message>
        <source>The call that asked ended first.</source>
        <translation>Der Aufruf, der gefragt hat, wurde zuerst beendet.</translation>
    </message>
    <message>
        <source>it runs only as an MCP task, which Valis does not run yet</source>
        <translation>es läuft nur als MCP-Task, und solche führt Valis noch nicht aus</translation>
    </message>
    <message>
        <source>valis: set aside tool %1: %2</source>
        <translation>valis: Werkzeug %1 zurückgestellt: %2</translation>
    </message>
    <message>
        <source>Search tools</source>
        <translation>Werkzeuge suchen</translation>
    </message>
    <message>
        <source>Call tool</source>
        <translation>Werkzeug aufrufen</translation>
    </message>
    <message>
        <source>List MCP resources</source>
        <translation>MCP-Ressourcen auflisten</translation>
    </message>
    <message>
        <source>Read MCP resource</source>
        <translation>MCP-Ressource lesen</translation>
    </message>
    <message>
        <source>declined an elicitation/create outside a tool call: %1</source>
        <translation>ein elicitation/create außerhalb eines Werkzeugaufrufs abgelehnt: %1</translation>
    </message>
    <message>
        <source>refused a sampling/createMessage outside a tool call</source>
        <translation>ein sampling/createMessage außerhalb eines Werkzeugaufrufs abgelehnt</translation>
    </message>
    <message>
        <source>No Valis session is waiting on this server, so no one can allow the request.</source>
        <translation>Keine Valis-Sitzung wartet auf diesen Server, daher kann niemand die Anfrage erlauben.</translation>
    </message>
    <message>
        <source>valis: sign in at %1</source>
        <translation>valis: Anmeldung unter %1</translation>
    </message>
    <message>
        <source>there is no MCP server &quot;%1&quot;</source>
        <translation>es gibt keinen MCP-Server „%1“</translation>
    </message>
    <message>
        <source>&quot;%1&quot; runs over stdio; only HTTP servers sign in</source>
        <translation>„%1“ läuft über stdio; nur HTTP-Server melden sich an</translation>
    </message>
    <message>
        <source>there is no HTTP MCP server &quot;%1&quot;</source>
        <translation>es gibt keinen HTTP-MCP-Server „%1“</translation>
    </message>
</context>
<context>
    <name>valis::McpUi</name>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>restarting</source>
        <translation>startet neu</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>deaktiviert</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source> (%n tools)</source>
        <translation>
            <numerusform> (%n Werkzeug)</numerusform>
            <numerusform> (%n Werkzeuge)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>valis::MemoryBrowserPane</name>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 T</translation>
    </message>
    <message>
        <source>Search memory</source>
        <translation>Speicher durchsuchen</translation>
    </message>
    <message>
        <source>Any type</source>
        <translation>Jede Art</translation>
    </message>
    <message>
        <source>/memories/ files</source>
        <translation>/memories/-Dateien</translation>
    </message>
    <message>
        <source>Command output</source>
        <translation>Befehlsausgaben</translation>
    </message>
    <message>
        <source>Tool results</source>
        <translation>Werkzeugergebnisse</translation>
    </message>
    <message>
        <source>Moved out of the context</source>
        <translation>Aus dem Kontext verschoben</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>Vorlieben</translation>
    </message>
    <message>
        <source>File contents</source>
        <translation>Dateiinhalte</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>Mehr laden</translation>
    </message>
    <message>
        <source>Read the next %1 lines</source>
        <translation>Die nächsten %1 Zeilen lesen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n records</source>
        <translation>
            <numerusform>%1 · %n Eintrag</numerusform>
            <numerusform>%1 · %n Einträge</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Lade %1…</translation>
    </message>
    <message>
        <source>%1 · %2 · lines 1–%3 of %4</source>
        <translation>%1 · %2 · Zeilen 1–%3 von %4</translation>
    </message>
    <message>
        <source>More (%1 left)</source>
        <translation>Mehr (%1 übrig)</translation>
    </message>
    <message>
        <source>Loading the whole file to edit it…</source>
        <translation>Lade die ganze Datei zum Bearbeiten…</translation>
    </message>
    <message>
        <source>Saving /memories/%1…</source>
        <translation>Speichere /memories/%1…</translation>
    </message>
    <message>
        <source>Saved /memories/%1 as %2 (the earlier version is kept).</source>
        <translation>/memories/%1 als %2 gespeichert (die frühere Fassung bleibt erhalten).</translation>
    </message>
    <message>
        <source>Deleted %1.</source>
        <translation>%1 gelöscht.</translation>
    </message>
    <message>
        <source>Memory: %1</source>
        <translation>Speicher: %1</translation>
    </message>
    <message>
        <source>%1 · 1 record</source>
        <translation>%1 · 1 Eintrag</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>Erkenntnisse</translation>
    </message>
    <message>
        <source>References</source>
        <translation>Referenzen</translation>
    </message>
    <message>
        <source>Topics</source>
        <translation>Themen</translation>
    </message>
    <message>
        <source>Recommendations</source>
        <translation>Empfehlungen</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>von %1</translation>
    </message>
    <message>
        <source>Written by %1 through Valis&apos;s MCP server</source>
        <translation>Geschrieben von %1 über den MCP-Server von Valis</translation>
    </message>
    <message>
        <source>Written by %1 %2 through Valis&apos;s MCP server</source>
        <translation>Geschrieben von %1 %2 über den MCP-Server von Valis</translation>
    </message>
    <message>
        <source> over %1</source>
        <translation> über %1</translation>
    </message>
    <message>
        <source> (MCP session %1)</source>
        <translation> (MCP-Sitzung %1)</translation>
    </message>
    <message>
        <source> · source &quot;%1&quot;</source>
        <translation> · Quelle „%1“</translation>
    </message>
    <message>
        <source>Written by anyone</source>
        <translation>Von allen geschrieben</translation>
    </message>
    <message>
        <source>Written by other agents (MCP)</source>
        <translation>Von anderen Agenten geschrieben (MCP)</translation>
    </message>
    <message>
        <source>Written by Valis</source>
        <translation>Von Valis geschrieben</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Record type</source>
        <translation>Eintragstyp</translation>
    </message>
    <message>
        <source>Written by</source>
        <translation>Geschrieben von</translation>
    </message>
    <message>
        <source>Memory records</source>
        <translation>Gedächtniseinträge</translation>
    </message>
    <message>
        <source>Memory record</source>
        <translation>Gedächtniseintrag</translation>
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
        <translation>Skill</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Erkenntnis</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Thema</translation>
    </message>
    <message>
        <source>global</source>
        <translation>global</translation>
    </message>
    <message>
        <source>project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Lessons, references and topics are learned from sessions once they go quiet.</source>
        <translation>Erkenntnisse, Referenzen und Themen werden aus Sitzungen gelernt, sobald diese ruhen.</translation>
    </message>
    <message>
        <source>Learn from sessions now</source>
        <translation>Jetzt aus Sitzungen lernen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>Vorschlag</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Empfehlung</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Annehmen</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>Gelernt</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Uses</source>
        <translation>Verwendungen</translation>
    </message>
    <message>
        <source>Recommendations (nothing changes until you accept)</source>
        <translation>Empfehlungen (nichts ändert sich, bevor Sie annehmen)</translation>
    </message>
    <message>
        <source>Learning from sessions…</source>
        <translation>Aus Sitzungen wird gelernt…</translation>
    </message>
    <message>
        <source>%1 of %2 sessions</source>
        <translation>%1 von %2 Sitzungen</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n session(s); the rest is picked up next time.</source>
        <translation>
            <numerusform>Nach %n Sitzung abgebrochen; der Rest wird beim nächsten Mal aufgegriffen.</numerusform>
            <numerusform>Nach %n Sitzungen abgebrochen; der Rest wird beim nächsten Mal aufgegriffen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Learned from %n session(s). Lessons: %1, references: %2, topics: %3, new recommendations: %4.</source>
        <translation>
            <numerusform>Aus %n Sitzung gelernt. Erkenntnisse: %1, Referenzen: %2, Themen: %3, neue Empfehlungen: %4.</numerusform>
            <numerusform>Aus %n Sitzungen gelernt. Erkenntnisse: %1, Referenzen: %2, Themen: %3, neue Empfehlungen: %4.</numerusform>
        </translation>
    </message>
    <message>
        <source>Accepted: %1</source>
        <translation>Angenommen: %1</translation>
    </message>
    <message>
        <source>Rejected: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <source>Memory processing: %1</source>
        <translation>Gedächtnisverarbeitung: %1</translation>
    </message>
    <message>
        <source>Writes /memories/%1:</source>
        <translation>Schreibt /memories/%1:</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>Belege: %1</translation>
    </message>
    <message>
        <source>Recommendations</source>
        <translation>Empfehlungen</translation>
    </message>
    <message>
        <source>Recommendation details</source>
        <translation>Empfehlungsdetails</translation>
    </message>
    <message>
        <source>Learned memory</source>
        <translation>Gelerntes Gedächtnis</translation>
    </message>
</context>
<context>
    <name>valis::MemoryProcessor</name>
    <message>
        <source>Memory processing of session %1 through message %2</source>
        <translation>Gedächtnisverarbeitung der Sitzung %1 bis Nachricht %2</translation>
    </message>
    <message>
        <source>Recalled %1</source>
        <translation>%1 abgerufen</translation>
    </message>
    <message>
        <source>no session %1</source>
        <translation>keine Sitzung %1</translation>
    </message>
    <message>
        <source>session %1: only its first %2 parts were read by the summary model; the rest only extractively</source>
        <translation>Sitzung %1: Nur ihre ersten %2 Teile wurden vom Zusammenfassungsmodell gelesen, der Rest nur extraktiv</translation>
    </message>
    <message>
        <source>session %1: the summary model failed (%2); its extractive items were stored instead</source>
        <translation>Sitzung %1: Das Zusammenfassungsmodell ist fehlgeschlagen (%2); stattdessen wurden ihre extraktiven Elemente gespeichert</translation>
    </message>
    <message>
        <source>session %1: %2; its extractive items were stored instead</source>
        <translation>Sitzung %1: %2; stattdessen wurden ihre extraktiven Elemente gespeichert</translation>
    </message>
    <message>
        <source>the model&apos;s answer holds no JSON object with topics, lessons and references</source>
        <translation>die Antwort des Modells enthält kein JSON-Objekt mit Themen, Erkenntnissen und Referenzen</translation>
    </message>
    <message>
        <source>%1 is no recommendation but a %2 record</source>
        <translation>%1 ist keine Empfehlung, sondern ein Eintrag vom Typ %2</translation>
    </message>
    <message>
        <source>recommendation %1 was decided already</source>
        <translation>über Empfehlung %1 wurde bereits entschieden</translation>
    </message>
    <message>
        <source>Add to AGENTS.md: %1</source>
        <translation>Zu AGENTS.md hinzufügen: %1</translation>
    </message>
    <message>
        <source>Write a skill: %1</source>
        <translation>Einen Skill schreiben: %1</translation>
    </message>
    <message>
        <source>Delete stale memory: %1</source>
        <translation>Veraltete Erinnerung löschen: %1</translation>
    </message>
    <message>
        <source>Neither seen again nor recalled since %1; its weight is down to %2.</source>
        <translation>Seit %1 weder wieder aufgetaucht noch abgerufen; ihr Gewicht ist auf %2 gesunken.</translation>
    </message>
    <message>
        <source>recommendation %1 proposes &quot;%2&quot;, which this Valis cannot carry out</source>
        <translation>Empfehlung %1 schlägt „%2“ vor, was diese Valis-Version nicht ausführen kann</translation>
    </message>
</context>
<context>
    <name>valis::MemorySettings</name>
    <message>
        <source>%1 must be a whole number, 0 or more</source>
        <translation>%1 muss eine ganze Zahl von 0 oder mehr sein</translation>
    </message>
    <message>
        <source>%1 must be a string</source>
        <translation>%1 muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a PostgreSQL address: %2</source>
        <translation>„%1“ ist keine PostgreSQL-Adresse: %2</translation>
    </message>
    <message>
        <source>it must start with postgresql:// or postgres://</source>
        <translation>sie muss mit postgresql:// oder postgres:// beginnen</translation>
    </message>
    <message>
        <source>several hosts are not supported; name one</source>
        <translation>mehrere Hosts werden nicht unterstützt; geben Sie einen an</translation>
    </message>
    <message>
        <source>the port is missing after &apos;:&apos;</source>
        <translation>nach „:“ fehlt der Port</translation>
    </message>
    <message>
        <source>port must be a number from 1 to 65535</source>
        <translation>der Port muss eine Zahl von 1 bis 65535 sein</translation>
    </message>
    <message>
        <source>it is not a valid URL (write special characters in the user name and password percent-encoded, such as %40 for &apos;@&apos;)</source>
        <translation>sie ist keine gültige URL (schreiben Sie Sonderzeichen in Benutzername und Passwort prozentkodiert, etwa %40 für „@“)</translation>
    </message>
    <message>
        <source>it must not have a #fragment</source>
        <translation>sie darf kein #Fragment enthalten</translation>
    </message>
    <message>
        <source>the database name must not contain &apos;/&apos;</source>
        <translation>der Datenbankname darf kein „/“ enthalten</translation>
    </message>
    <message>
        <source>a query parameter has no name</source>
        <translation>ein Abfrageparameter hat keinen Namen</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a connection parameter name</source>
        <translation>„%1“ ist kein Name eines Verbindungsparameters</translation>
    </message>
    <message>
        <source>the value of %1 must not contain &apos;;&apos;</source>
        <translation>der Wert von %1 darf kein „;“ enthalten</translation>
    </message>
    <message>
        <source>the user name is empty</source>
        <translation>der Benutzername ist leer</translation>
    </message>
    <message>
        <source>the database name is empty</source>
        <translation>der Datenbankname ist leer</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot;</source>
        <translation>unbekannte Einstellung „%1“</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot; (did you mean &quot;%2&quot;?)</source>
        <translation>unbekannte Einstellung „%1“ (meinten Sie „%2“?)</translation>
    </message>
    <message>
        <source>backend must be &quot;sqlite&quot; or &quot;postgresql&quot;</source>
        <translation>backend muss „sqlite“ oder „postgresql“ sein</translation>
    </message>
    <message>
        <source>postgresql must be a string such as &quot;postgresql://valis@db.example:5432/valis&quot;</source>
        <translation>postgresql muss eine Zeichenkette wie &quot;postgresql://valis@db.example:5432/valis&quot; sein</translation>
    </message>
    <message>
        <source>backend &quot;postgresql&quot; needs &quot;postgresql&quot;: the server&apos;s address, such as &quot;postgresql://valis@db.example:5432/valis&quot;</source>
        <translation>backend „postgresql“ braucht „postgresql“: die Adresse des Servers, etwa &quot;postgresql://valis@db.example:5432/valis&quot;</translation>
    </message>
    <message>
        <source>tools must be an object of tool names</source>
        <translation>tools muss ein Objekt mit Werkzeugnamen sein</translation>
    </message>
    <message>
        <source>tools must be keyed by tool names, not &quot;&quot;</source>
        <translation>die Schlüssel in tools müssen Werkzeugnamen sein, nicht &quot;&quot;</translation>
    </message>
    <message>
        <source>%1 must be an object such as {&quot;captureThresholdTokens&quot;: 2000}</source>
        <translation>%1 muss ein Objekt wie {&quot;captureThresholdTokens&quot;: 2000} sein</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1.%2&quot;</source>
        <translation>unbekannte Einstellung „%1.%2“</translation>
    </message>
    <message>
        <source>summaryModel needs summaryProvider: the provider that serves it</source>
        <translation>summaryModel braucht summaryProvider: den Anbieter, der dieses Modell bereitstellt</translation>
    </message>
    <message>
        <source>&quot;embeddings&quot; must be an object</source>
        <translation>„embeddings“ muss ein Objekt sein</translation>
    </message>
</context>
<context>
    <name>valis::ModelCatalog</name>
    <message>
        <source>&quot;%1&quot; is the id of %2, so it cannot be an alias of %3</source>
        <translation>„%1“ ist die ID von %2 und kann daher kein Alias von %3 sein</translation>
    </message>
    <message>
        <source>the name &quot;%1&quot; is claimed by %2 and %3; %3 wins</source>
        <translation>der Name „%1“ wird von %2 und %3 beansprucht; %3 hat Vorrang</translation>
    </message>
    <message>
        <source>%1 is a model id</source>
        <translation>%1 ist eine Modell-ID</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is an alias of %2</source>
        <translation>„%1“ ist ein Alias von %2</translation>
    </message>
    <message>
        <source>ignored letter case</source>
        <translation>Groß-/Kleinschreibung ignoriert</translation>
    </message>
    <message>
        <source>&quot;%1&quot; was read as %2 (%3)</source>
        <translation>„%1“ wurde als %2 gelesen (%3)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not in the model catalogue; using %2, the longest known name it starts with. Its limits and prices may differ.</source>
        <translation>„%1“ steht nicht im Modellkatalog; verwendet wird %2, der längste bekannte Name, mit dem es beginnt. Grenzen und Preise können abweichen.</translation>
    </message>
    <message>
        <source>your model catalogue override</source>
        <translation>Ihre Modellkatalog-Überschreibung</translation>
    </message>
    <message>
        <source>Valis does not know the model &quot;%1&quot;; it assumes a %2-token context window, %3 output tokens and unknown prices. Add the model to %4 to set its real limits.</source>
        <translation>Valis kennt das Modell „%1“ nicht; es nimmt ein Kontextfenster von %2 Tokens, %3 Ausgabe-Tokens und unbekannte Preise an. Tragen Sie das Modell in %4 ein, um seine tatsächlichen Grenzen festzulegen.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>„%1“ muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;%1.%2&quot; must be a price of 0 or more, or null for unknown</source>
        <translation>„%1.%2“ muss ein Preis von 0 oder mehr sein, oder null für unbekannt</translation>
    </message>
    <message>
        <source>not valid JSON (%1 at column %2)</source>
        <translation>kein gültiges JSON (%1 in Spalte %2)</translation>
    </message>
    <message>
        <source>a model catalogue must be a JSON object with a &quot;models&quot; array</source>
        <translation>ein Modellkatalog muss ein JSON-Objekt mit einem „models“-Array sein</translation>
    </message>
    <message>
        <source>no &quot;formatVersion&quot;; reading it as version %1</source>
        <translation>kein „formatVersion“; wird als Version %1 gelesen</translation>
    </message>
    <message>
        <source>&quot;formatVersion&quot; must be a whole number</source>
        <translation>„formatVersion“ muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>the file has format version %1, but this Valis reads version %2 at most; it is ignored and left as it is</source>
        <translation>die Datei hat Formatversion %1, dieses Valis liest aber höchstens Version %2; sie wird ignoriert und bleibt unverändert</translation>
    </message>
    <message>
        <source>a model catalogue must have a &quot;models&quot; array</source>
        <translation>ein Modellkatalog muss ein „models“-Array haben</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; is ignored</source>
        <translation>unbekannter Schlüssel „%1“ wird ignoriert</translation>
    </message>
    <message>
        <source>each element of &quot;models&quot; must be an object; this one is skipped</source>
        <translation>jedes Element von „models“ muss ein Objekt sein; dieses wird übersprungen</translation>
    </message>
    <message>
        <source>the entry has no &quot;id&quot;</source>
        <translation>der Eintrag hat keine „id“</translation>
    </message>
    <message>
        <source>model &quot;%1&quot;: %2</source>
        <translation>Modell „%1“: %2</translation>
    </message>
    <message>
        <source>&quot;contextWindow&quot; must be a whole number of tokens greater than 0</source>
        <translation>„contextWindow“ muss eine ganze Zahl von Tokens größer als 0 sein</translation>
    </message>
    <message>
        <source>&quot;maxOutputTokens&quot; must be a whole number of tokens greater than 0</source>
        <translation>„maxOutputTokens“ muss eine ganze Zahl von Tokens größer als 0 sein</translation>
    </message>
    <message>
        <source>&quot;maxOutputTokens&quot; (%1) is larger than &quot;contextWindow&quot; (%2)</source>
        <translation>„maxOutputTokens“ (%1) ist größer als „contextWindow“ (%2)</translation>
    </message>
    <message>
        <source>&quot;prices&quot; must be an object</source>
        <translation>„prices“ muss ein Objekt sein</translation>
    </message>
    <message>
        <source>&quot;longContextPrices&quot; must be an object with &quot;aboveInputTokens&quot;</source>
        <translation>„longContextPrices“ muss ein Objekt mit „aboveInputTokens“ sein</translation>
    </message>
    <message>
        <source>&quot;capabilities&quot; must be an object</source>
        <translation>„capabilities“ muss ein Objekt sein</translation>
    </message>
    <message>
        <source>&quot;capabilities.%1&quot; must be true or false</source>
        <translation>„capabilities.%1“ muss true oder false sein</translation>
    </message>
    <message>
        <source>&quot;aliases&quot; must be an array of names</source>
        <translation>„aliases“ muss ein Array von Namen sein</translation>
    </message>
    <message>
        <source>model &quot;%1&quot;: unknown key &quot;%2&quot; is ignored</source>
        <translation>Modell „%1“: unbekannter Schlüssel „%2“ wird ignoriert</translation>
    </message>
    <message>
        <source>cannot read the model catalogue: %1</source>
        <translation>der Modellkatalog kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>model &quot;%1&quot; is listed twice; the second entry is skipped</source>
        <translation>Modell „%1“ ist doppelt aufgeführt; der zweite Eintrag wird übersprungen</translation>
    </message>
    <message>
        <source>(the built-in entry is kept)</source>
        <translation>(der eingebaute Eintrag bleibt erhalten)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>wrote version dots as dashes</source>
        <translation>Punkte in der Version als Bindestriche geschrieben</translation>
    </message>
    <message>
        <source>put the model family before its version</source>
        <translation>Modellfamilie vor ihre Version gestellt</translation>
    </message>
    <message>
        <source>removed &quot;-latest&quot;</source>
        <translation>„-latest“ entfernt</translation>
    </message>
    <message>
        <source>removed the date suffix &quot;%1&quot;</source>
        <translation>Datumssuffix „%1“ entfernt</translation>
    </message>
    <message>
        <source>removed the reasoning suffix &quot;%1&quot;</source>
        <translation>Reasoning-Suffix „%1“ entfernt</translation>
    </message>
    <message>
        <source>ignored letter case and spaces</source>
        <translation>Groß-/Kleinschreibung und Leerzeichen ignoriert</translation>
    </message>
    <message>
        <source>removed the &quot;%1&quot; suffix</source>
        <translation>Suffix „%1“ entfernt</translation>
    </message>
    <message>
        <source>removed the provider prefix &quot;%1&quot;</source>
        <translation>Anbieterpräfix „%1“ entfernt</translation>
    </message>
    <message>
        <source>removed the Bedrock prefix &quot;%1&quot;</source>
        <translation>Bedrock-Präfix „%1“ entfernt</translation>
    </message>
    <message>
        <source>removed the Bedrock version &quot;%1&quot;</source>
        <translation>Bedrock-Version „%1“ entfernt</translation>
    </message>
    <message>
        <source>read the Vertex version &quot;%1&quot; as a date</source>
        <translation>Vertex-Version „%1“ als Datum gelesen</translation>
    </message>
    <message>
        <source>removed the variant tag parts of &quot;:%1&quot;</source>
        <translation>Varianten-Tag-Teile von „:%1“ entfernt</translation>
    </message>
    <message>
        <source>read the tag &quot;:%1&quot; as part of the name</source>
        <translation>Tag „:%1“ als Teil des Namens gelesen</translation>
    </message>
    <message>
        <source>dropped the tag &quot;:%1&quot;</source>
        <translation>Tag „:%1“ verworfen</translation>
    </message>
</context>
<context>
    <name>valis::NotificationsPage</name>
    <message>
        <source>Notifications</source>
        <translation>Benachrichtigungen</translation>
    </message>
    <message>
        <source>Notify me when a turn ends, an approval waits or a background job fails while the window is in the background</source>
        <translation>Benachrichtigen, wenn eine Runde endet, eine Freigabe wartet oder ein Hintergrundauftrag fehlschlägt, während das Fenster im Hintergrund ist</translation>
    </message>
    <message>
        <source>Desktop notifications</source>
        <translation>Desktop-Benachrichtigungen</translation>
    </message>
    <message>
        <source>While notifications are on, Valis also keeps an icon in the system tray.</source>
        <translation>Solange Benachrichtigungen aktiv sind, zeigt Valis auch ein Symbol im Systemabschnitt der Kontrollleiste.</translation>
    </message>
    <message>
        <source>This desktop has no system tray: notifications go to its notification service.</source>
        <translation>Diese Arbeitsumgebung hat keinen Systemabschnitt der Kontrollleiste: Benachrichtigungen gehen an ihren Benachrichtigungsdienst.</translation>
    </message>
</context>
<context>
    <name>valis::OpenAiApiServer</name>
    <message>
        <source>this conversation is answering another request; send the next one when it is done</source>
        <translation>diese Unterhaltung beantwortet gerade eine andere Anfrage; senden Sie die nächste, wenn sie fertig ist</translation>
    </message>
    <message>
        <source>&quot;messages&quot; must be a non-empty array</source>
        <translation>„messages“ muss ein nicht leeres Array sein</translation>
    </message>
    <message>
        <source>only n = 1 is supported</source>
        <translation>nur n = 1 wird unterstützt</translation>
    </message>
    <message>
        <source>every tool needs a function with a name</source>
        <translation>jedes Werkzeug braucht eine Funktion mit einem Namen</translation>
    </message>
    <message>
        <source>requests from this origin are not allowed</source>
        <translation>Anfragen von diesem Origin sind nicht erlaubt</translation>
    </message>
    <message>
        <source>a valid bearer token is required (Authorization: Bearer valis-api-...)</source>
        <translation>ein gültiges Bearer-Token ist erforderlich (Authorization: Bearer valis-api-...)</translation>
    </message>
    <message>
        <source>the model &quot;%1&quot; does not exist</source>
        <translation>das Modell „%1“ existiert nicht</translation>
    </message>
    <message>
        <source>there is no %1 %2 here</source>
        <translation>hier gibt es kein %1 %2</translation>
    </message>
    <message>
        <source>%1 takes POST</source>
        <translation>%1 erwartet POST</translation>
    </message>
    <message>
        <source>the request body is not a JSON object: %1</source>
        <translation>der Anfragekörper ist kein JSON-Objekt: %1</translation>
    </message>
    <message>
        <source>it is another JSON value</source>
        <translation>er ist ein anderer JSON-Wert</translation>
    </message>
    <message>
        <source>the model &quot;%1&quot; does not exist; GET /v1/models lists the profiles served</source>
        <translation>das Modell „%1“ existiert nicht; GET /v1/models listet die bereitgestellten Profile auf</translation>
    </message>
    <message>
        <source>previous_response_id is not supported: send the whole input (Valis keeps the context)</source>
        <translation>previous_response_id wird nicht unterstützt: senden Sie die ganze Eingabe (Valis behält den Kontext)</translation>
    </message>
    <message>
        <source>&quot;input&quot; must be a string or a non-empty array of items</source>
        <translation>„input“ muss eine Zeichenkette oder ein nicht leeres Array von Elementen sein</translation>
    </message>
    <message>
        <source>only function tools with a name are supported</source>
        <translation>nur Funktionswerkzeuge mit einem Namen werden unterstützt</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a number</source>
        <translation>„%1“ muss eine Zahl sein</translation>
    </message>
    <message>
        <source>&quot;stop&quot; must be a string or an array of strings</source>
        <translation>„stop“ muss eine Zeichenkette oder ein Array von Zeichenketten sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a positive number</source>
        <translation>„%1“ muss eine positive Zahl sein</translation>
    </message>
</context>
<context>
    <name>valis::OpenHandsImporter</name>
    <message>
        <source>OpenHands trajectory</source>
        <translation>OpenHands-Trajektorie</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>OpenHands timestamps carry no time zone; they were read as UTC.</source>
        <translation>OpenHands-Zeitstempel haben keine Zeitzone; sie wurden als UTC gelesen.</translation>
    </message>
    <message numerus="yes">
        <source>Left out %n event(s) the model never saw: %1</source>
        <translation>
            <numerusform>%n Ereignis ausgelassen, das das Modell nie gesehen hat: %1</numerusform>
            <numerusform>%n Ereignisse ausgelassen, die das Modell nie gesehen hat: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n observation(s) answer no tool call and were kept as system messages</source>
        <translation>
            <numerusform>%n Beobachtung beantwortet keinen Werkzeugaufruf und wurde als Systemnachricht behalten</numerusform>
            <numerusform>%n Beobachtungen beantworten keinen Werkzeugaufruf und wurden als Systemnachrichten behalten</numerusform>
        </translation>
    </message>
    <message>
        <source>event #%1 of the array is not a JSON object</source>
        <translation>Ereignis #%1 des Arrays ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>event #%1 of the array has no integer &quot;id&quot;</source>
        <translation>Ereignis #%1 des Arrays hat keine ganzzahlige „id“</translation>
    </message>
    <message>
        <source>event %1: the id is used twice</source>
        <translation>Ereignis %1: die ID wird doppelt verwendet</translation>
    </message>
    <message>
        <source>event %1: %2</source>
        <translation>Ereignis %1: %2</translation>
    </message>
    <message>
        <source>an event has exactly one of &quot;action&quot; and &quot;observation&quot;</source>
        <translation>ein Ereignis hat genau eines von „action“ und „observation“</translation>
    </message>
    <message>
        <source>&quot;action&quot; is not a name</source>
        <translation>„action“ ist kein Name</translation>
    </message>
    <message>
        <source>&quot;observation&quot; is not a name</source>
        <translation>„observation“ ist kein Name</translation>
    </message>
    <message>
        <source>&quot;source&quot; is not a string</source>
        <translation>„source“ ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>&quot;cause&quot; is not an event id</source>
        <translation>„cause“ ist keine Ereignis-ID</translation>
    </message>
    <message>
        <source>&quot;timestamp&quot; is not an ISO 8601 time</source>
        <translation>„timestamp“ ist keine ISO-8601-Zeit</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an object</source>
        <translation>„%1“ ist kein Objekt</translation>
    </message>
    <message>
        <source>&quot;tool_call_metadata.tool_call_id&quot; is not a string</source>
        <translation>„tool_call_metadata.tool_call_id“ ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>the export&apos;s &quot;trajectory&quot; is not an array of events</source>
        <translation>„trajectory“ des Exports ist kein Array von Ereignissen</translation>
    </message>
    <message>
        <source>the export holds no trajectory; OpenHands said: %1</source>
        <translation>der Export enthält keine Trajektorie; OpenHands meldete: %1</translation>
    </message>
    <message>
        <source>expected a JSON array of OpenHands events or {&quot;trajectory&quot;: [...]}</source>
        <translation>erwartet wurde ein JSON-Array von OpenHands-Ereignissen oder {&quot;trajectory&quot;: [...]}</translation>
    </message>
</context>
<context>
    <name>valis::PageMessages</name>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Sie</translation>
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
        <source> · %n images</source>
        <translation>
            <numerusform> · %n Bild</numerusform>
            <numerusform> · %n Bilder</numerusform>
        </translation>
    </message>
    <message>
        <source> · the model saw [MemoryRef: %1]</source>
        <translation> · das Modell sah [MemoryRef: %1]</translation>
    </message>
    <message>
        <source>Context %1 by %2</source>
        <translation>Kontext: %1 durch %2</translation>
    </message>
    <message>
        <source>: %1 → %2 tokens (%3 saved)</source>
        <translation>: %1 → %2 Tokens (%3 gespart)</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>(summary)</source>
        <translation>(Zusammenfassung)</translation>
    </message>
    <message>
        <source> (%1 → %2 tokens)</source>
        <translation> (%1 → %2 Tokens)</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weiterer</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>A compaction event that cannot be read: %1</source>
        <translation>Ein Verdichtungsereignis, das nicht gelesen werden kann: %1</translation>
    </message>
    <message>
        <source>(redacted thinking)</source>
        <translation>(geschwärztes Nachdenken)</translation>
    </message>
    <message>
        <source>[image, %1]</source>
        <translation>[Bild, %1]</translation>
    </message>
    <message>
        <source>1 line</source>
        <translation>1 Zeile</translation>
    </message>
    <message numerus="yes">
        <source>%n lines</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Showing %1 of %2 characters (%3 in all).</source>
        <translation>Zeige %1 von %2 Zeichen (%3 insgesamt).</translation>
    </message>
    <message>
        <source>Error · %1</source>
        <translation>Fehler · %1</translation>
    </message>
    <message>
        <source>Result · %1</source>
        <translation>Ergebnis · %1</translation>
    </message>
    <message>
        <source> · 1 image</source>
        <translation> · 1 Bild</translation>
    </message>
    <message>
        <source>From here on the model sees the history as: %1</source>
        <translation>Ab hier sieht das Modell den Verlauf als: %1</translation>
    </message>
    <message>
        <source>Worth checking</source>
        <translation>Prüfenswert</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Erkenntnis</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message numerus="yes">
        <source>Recalled: %n item(s) in %1 ms</source>
        <translation>
            <numerusform>Abgerufen: %n Element in %1 ms</numerusform>
            <numerusform>Abgerufen: %n Elemente in %1 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>found by %1</source>
        <translation>gefunden von %1</translation>
    </message>
    <message>
        <source>retrieval</source>
        <translation>Abruf</translation>
    </message>
    <message>
        <source>%1 score %2</source>
        <translation>%1 Bewertung %2</translation>
    </message>
    <message>
        <source>relevance %1</source>
        <translation>Relevanz %1</translation>
    </message>
    <message>
        <source>%1 says: %2</source>
        <translation>%1 sagt: %2</translation>
    </message>
    <message>
        <source>recalled late, for the previous turn</source>
        <translation>verspätet abgerufen, für die vorige Runde</translation>
    </message>
    <message>
        <source>Recalled</source>
        <translation>Abgerufen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message numerus="yes">
        <source>%n tool call(s) made by this call</source>
        <translation>
            <numerusform>%n von diesem Aufruf ausgelöster Werkzeugaufruf</numerusform>
            <numerusform>%n von diesem Aufruf ausgelöste Werkzeugaufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Background agents</source>
        <translation>Hintergrundagenten</translation>
    </message>
</context>
<context>
    <name>valis::PluginManager</name>
    <message>
        <source>has the id &apos;%1&apos; of another plugin in the same folder, %2</source>
        <translation>hat die ID &apos;%1&apos; eines anderen Plugins im selben Ordner, %2</translation>
    </message>
    <message>
        <source>overridden by %1</source>
        <translation>überschrieben durch %1</translation>
    </message>
    <message>
        <source>overrides %1</source>
        <translation>überschreibt %1</translation>
    </message>
    <message>
        <source>not loaded because Valis runs in safe mode</source>
        <translation>nicht geladen, weil Valis im abgesicherten Modus läuft</translation>
    </message>
    <message>
        <source>disabled by the user</source>
        <translation>vom Benutzer deaktiviert</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, which is invalid</source>
        <translation>benötigt &apos;%1&apos; %2, was ungültig ist</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, which was not found</source>
        <translation>benötigt &apos;%1&apos; %2, das nicht gefunden wurde</translation>
    </message>
    <message>
        <source>optional dependency not used: %1</source>
        <translation>optionale Abhängigkeit nicht verwendet: %1</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, but the installed &apos;%1&apos; is %3</source>
        <translation>benötigt &apos;%1&apos; %2, aber das installierte &apos;%1&apos; ist %3</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos; %2, but the installed &apos;%1&apos; %3 is compatible with versions %4 to %3 only</source>
        <translation>benötigt &apos;%1&apos; %2, aber das installierte &apos;%1&apos; %3 ist nur mit den Versionen %4 bis %3 kompatibel</translation>
    </message>
    <message>
        <source>circular dependency: %1</source>
        <translation>zirkuläre Abhängigkeit: %1</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos;, which is disabled</source>
        <translation>benötigt &apos;%1&apos;, das deaktiviert ist</translation>
    </message>
    <message>
        <source>requires &apos;%1&apos;, which failed</source>
        <translation>benötigt &apos;%1&apos;, das fehlgeschlagen ist</translation>
    </message>
    <message>
        <source>no plugin crashed in an earlier run</source>
        <translation>in keinem früheren Lauf ist ein Plugin abgestürzt</translation>
    </message>
    <message>
        <source>cannot read the plugin crash-guard lock: %1</source>
        <translation>die Absturzschutz-Sperrdatei der Plugins kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>a plugin crash-guard lock was left over, but it names no plugin; it was removed</source>
        <translation>eine Absturzschutz-Sperrdatei der Plugins war übrig, nennt aber kein Plugin; sie wurde entfernt</translation>
    </message>
    <message>
        <source>cannot write the plugin crash-guard lock: %1</source>
        <translation>die Absturzschutz-Sperrdatei der Plugins kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>cannot read the plugin settings: %1</source>
        <translation>die Plugin-Einstellungen können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the plugin settings are not valid JSON (%1 at offset %2); the file is kept and plugin changes are not saved until it is fixed</source>
        <translation>die Plugin-Einstellungen sind kein gültiges JSON (%1 an Position %2); die Datei bleibt erhalten, und Plugin-Änderungen werden erst gespeichert, wenn sie korrigiert ist</translation>
    </message>
    <message>
        <source>the plugin settings need an object with &apos;version&apos; and &apos;plugins&apos;; the file is kept and plugin changes are not saved until it is fixed</source>
        <translation>die Plugin-Einstellungen brauchen ein Objekt mit &apos;version&apos; und &apos;plugins&apos;; die Datei bleibt erhalten, und Plugin-Änderungen werden erst gespeichert, wenn sie korrigiert ist</translation>
    </message>
    <message>
        <source>the plugin settings were written by a newer Valis (format version %1, this one reads %2); the file is kept and plugin changes are not saved</source>
        <translation>die Plugin-Einstellungen wurden von einem neueren Valis geschrieben (Formatversion %1, dieses liest %2); die Datei bleibt erhalten, und Plugin-Änderungen werden nicht gespeichert</translation>
    </message>
    <message>
        <source>cannot create the folder of the plugin settings</source>
        <translation>der Ordner der Plugin-Einstellungen kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write the plugin settings: %1</source>
        <translation>die Plugin-Einstellungen können nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>plugin &quot;%1&quot;: %2</source>
        <translation>Plugin „%1“: %2</translation>
    </message>
    <message>
        <source>plugin &quot;%1&quot; did not finish shutting down within %2 ms; Valis quit without waiting for it</source>
        <translation>Plugin „%1“ wurde nicht innerhalb von %2 ms beendet; Valis hat beendet, ohne darauf zu warten</translation>
    </message>
</context>
<context>
    <name>valis::PluginSpec</name>
    <message>
        <source>cannot be loaded: %1</source>
        <translation>kann nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>its object (%1) does not implement %2</source>
        <translation>sein Objekt (%1) implementiert %2 nicht</translation>
    </message>
    <message>
        <source>threw an exception: %1</source>
        <translation>hat eine Ausnahme ausgelöst: %1</translation>
    </message>
    <message>
        <source>threw an exception</source>
        <translation>hat eine Ausnahme ausgelöst</translation>
    </message>
    <message>
        <source>initialization failed: %1</source>
        <translation>Initialisierung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>threw an exception while shutting down</source>
        <translation>hat beim Herunterfahren eine Ausnahme ausgelöst</translation>
    </message>
    <message>
        <source>cannot be used as a plugin: %1</source>
        <translation>kann nicht als Plugin verwendet werden: %1</translation>
    </message>
    <message>
        <source>has no Valis metadata: its Q_PLUGIN_METADATA names no FILE, or the file was not a JSON object when the plugin was built</source>
        <translation>hat keine Valis-Metadaten: sein Q_PLUGIN_METADATA nennt kein FILE, oder die Datei war beim Bauen des Plugins kein JSON-Objekt</translation>
    </message>
    <message>
        <source>missing field &apos;%1&apos;</source>
        <translation>Feld &apos;%1&apos; fehlt</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a string</source>
        <translation>Feld &apos;%1&apos; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>invalid id &apos;%1&apos;: %2</source>
        <translation>ungültige ID &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>unknown kind &apos;%1&apos; (known kinds: %2)</source>
        <translation>unbekannte Art &apos;%1&apos; (bekannte Arten: %2)</translation>
    </message>
    <message>
        <source>version &apos;%1&apos; is not of the form x.y.z</source>
        <translation>Version &apos;%1&apos; hat nicht die Form x.y.z</translation>
    </message>
    <message>
        <source>compatVersion &apos;%1&apos; is not of the form x.y.z</source>
        <translation>compatVersion &apos;%1&apos; hat nicht die Form x.y.z</translation>
    </message>
    <message>
        <source>compatVersion %1 is newer than version %2</source>
        <translation>compatVersion %1 ist neuer als Version %2</translation>
    </message>
    <message>
        <source>built for plugin API version %1, but this Valis provides plugin API version %2</source>
        <translation>für Plugin-API-Version %1 gebaut, dieses Valis bietet aber Plugin-API-Version %2</translation>
    </message>
    <message>
        <source>field &apos;apiVersion&apos; must be an integer</source>
        <translation>Feld &apos;apiVersion&apos; muss eine Ganzzahl sein</translation>
    </message>
    <message>
        <source>declares interface &apos;%1&apos;, but a %2 plugin must declare %3</source>
        <translation>deklariert die Schnittstelle &apos;%1&apos;, ein %2-Plugin muss aber %3 deklarieren</translation>
    </message>
    <message>
        <source>field &apos;dependencies&apos; must be an array</source>
        <translation>Feld &apos;dependencies&apos; muss ein Array sein</translation>
    </message>
    <message>
        <source>must be an object {id, version, type}</source>
        <translation>muss ein Objekt {id, version, type} sein</translation>
    </message>
    <message>
        <source>missing field &apos;id&apos;</source>
        <translation>Feld &apos;id&apos; fehlt</translation>
    </message>
    <message>
        <source>field &apos;id&apos; must be a string</source>
        <translation>Feld &apos;id&apos; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>missing field &apos;version&apos;</source>
        <translation>Feld &apos;version&apos; fehlt</translation>
    </message>
    <message>
        <source>field &apos;version&apos; must be a string</source>
        <translation>Feld &apos;version&apos; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>a non-string value</source>
        <translation>ein Wert, der keine Zeichenkette ist</translation>
    </message>
    <message>
        <source>type must be &apos;required&apos; or &apos;optional&apos;, not %1</source>
        <translation>type muss &apos;required&apos; oder &apos;optional&apos; sein, nicht %1</translation>
    </message>
    <message>
        <source>use lowercase letters, digits, &apos;.&apos;, &apos;-&apos; and &apos;_&apos;, starting with a letter or digit</source>
        <translation>verwenden Sie Kleinbuchstaben, Ziffern, &apos;.&apos;, &apos;-&apos; und &apos;_&apos;, beginnend mit einem Buchstaben oder einer Ziffer</translation>
    </message>
</context>
<context>
    <name>valis::PluginsPage</name>
    <message>
        <source>The plugins are still starting; open Settings again in a moment.</source>
        <translation>Die Plugins werden noch gestartet; öffnen Sie die Einstellungen gleich noch einmal.</translation>
    </message>
    <message>
        <source>Safe mode: no plugin was loaded. Changes here apply at the next start.</source>
        <translation>Abgesicherter Modus: Es wurde kein Plugin geladen. Änderungen hier gelten ab dem nächsten Start.</translation>
    </message>
    <message>
        <source>Switching a plugin on or off takes effect when Valis starts again.</source>
        <translation>Das Ein- oder Ausschalten eines Plugins wird beim nächsten Start von Valis wirksam.</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>Plugin</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>Plugins</translation>
    </message>
</context>
<context>
    <name>valis::PostgresDetailStore</name>
    <message>
        <source>cannot reach the PostgreSQL memory store %1: %2</source>
        <translation>der PostgreSQL-Gedächtnisspeicher %1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>Qt&apos;s PostgreSQL driver (QPSQL) is not installed</source>
        <translation>der PostgreSQL-Treiber von Qt (QPSQL) ist nicht installiert</translation>
    </message>
    <message>
        <source>the PostgreSQL memory store refused a statement: %1</source>
        <translation>der PostgreSQL-Gedächtnisspeicher hat eine Anweisung abgelehnt: %1</translation>
    </message>
    <message>
        <source>cannot %1 in the PostgreSQL memory store: %2</source>
        <translation>Fehler beim %1 im PostgreSQL-Gedächtnisspeicher: %2</translation>
    </message>
    <message>
        <source>search memories</source>
        <translation>Durchsuchen der Erinnerungen</translation>
    </message>
    <message>
        <source>read the word statistics</source>
        <translation>Lesen der Wortstatistik</translation>
    </message>
    <message>
        <source>cannot set up the PostgreSQL memory store (%1): %2</source>
        <translation>der PostgreSQL-Gedächtnisspeicher kann nicht eingerichtet werden (%1): %2</translation>
    </message>
    <message>
        <source>the memory database was set up by a newer Valis (schema version %1; this build knows up to %2). It was left untouched: update Valis to use it.</source>
        <translation>die Gedächtnisdatenbank wurde von einem neueren Valis eingerichtet (Schemaversion %1; dieser Build kennt bis %2). Sie wurde nicht verändert: Aktualisieren Sie Valis, um sie zu verwenden.</translation>
    </message>
    <message>
        <source>cannot set up the PostgreSQL memory store: %1</source>
        <translation>der PostgreSQL-Gedächtnisspeicher kann nicht eingerichtet werden: %1</translation>
    </message>
    <message>
        <source>read the common words</source>
        <translation>Lesen der häufigen Wörter</translation>
    </message>
    <message>
        <source>lock the common words</source>
        <translation>Sperren der häufigen Wörter</translation>
    </message>
    <message>
        <source>promote common words</source>
        <translation>Aufnehmen häufiger Wörter</translation>
    </message>
    <message>
        <source>list the words of a memory</source>
        <translation>Auflisten der Wörter eines Gedächtniseintrags</translation>
    </message>
    <message>
        <source>list the words of older memories</source>
        <translation>Auflisten der Wörter älterer Gedächtniseinträge</translation>
    </message>
    <message>
        <source>purge a memory</source>
        <translation>Löschen einer Erinnerung</translation>
    </message>
    <message>
        <source>recheck the words of purged memories</source>
        <translation>erneutes Prüfen der Wörter gelöschter Gedächtniseinträge</translation>
    </message>
</context>
<context>
    <name>valis::ProgressiveStrategy</name>
    <message>
        <source>the progressive strategy&apos;s setting &quot;%1&quot; %2</source>
        <translation>die Einstellung „%1“ der progressiven Strategie %2</translation>
    </message>
    <message>
        <source>is not one it knows (see valis-cli context --settings)</source>
        <translation>ist ihr nicht bekannt (siehe valis-cli context --settings)</translation>
    </message>
    <message>
        <source>must be a number from %1 to %2</source>
        <translation>muss eine Zahl von %1 bis %2 sein</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>muss true oder false sein</translation>
    </message>
    <message>
        <source>must be below evictAt (%1), or eviction would run every turn</source>
        <translation>muss unter evictAt (%1) liegen, sonst liefe die Auslagerung in jeder Runde</translation>
    </message>
    <message>
        <source>must map tool names to lists of argument keys</source>
        <translation>muss Werkzeugnamen auf Listen von Argumentschlüsseln abbilden</translation>
    </message>
</context>
<context>
    <name>valis::PromptComposerAssist</name>
    <message>
        <source>The stored prompts could not be read: %1</source>
        <translation>Die gespeicherten Prompts konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Reading the prompt /%1…</source>
        <translation>Der Prompt /%1 wird gelesen…</translation>
    </message>
    <message>
        <source>No stored prompt is called /%1, so nothing was sent. To send text that starts with /, begin it with //.</source>
        <translation>Kein gespeicherter Prompt heißt /%1, daher wurde nichts gesendet. Um Text zu senden, der mit / beginnt, beginnen Sie ihn mit //.</translation>
    </message>
    <message>
        <source>/%1 was not sent: %2</source>
        <translation>/%1 wurde nicht gesendet: %2</translation>
    </message>
    <message>
        <source>/%1</source>
        <translation>/%1</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Senden</translation>
    </message>
</context>
<context>
    <name>valis::PromptStore</name>
    <message>
        <source>the prompt store failed: %1</source>
        <translation>der Prompt-Speicher ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>cannot open the prompt store: %1</source>
        <translation>der Prompt-Speicher kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>there is no prompt &quot;%1&quot;</source>
        <translation>es gibt keinen Prompt „%1“</translation>
    </message>
    <message>
        <source>the prompt &quot;%1&quot; was removed (version %2)</source>
        <translation>der Prompt „%1“ wurde entfernt (Version %2)</translation>
    </message>
    <message>
        <source>the prompt &quot;%1&quot; has no version %2 (the newest is %3)</source>
        <translation>der Prompt „%1“ hat keine Version %2 (die neueste ist %3)</translation>
    </message>
    <message>
        <source>the prompt &quot;%1&quot; needs a value for {{%2}}</source>
        <translation>der Prompt „%1“ braucht einen Wert für {{%2}}</translation>
    </message>
    <message>
        <source>the prompt includes itself: %1</source>
        <translation>der Prompt bindet sich selbst ein: %1</translation>
    </message>
    <message>
        <source>includes nest deeper than %1 prompts: %2</source>
        <translation>Einbindungen sind tiefer als %1 Prompts verschachtelt: %2</translation>
    </message>
    <message>
        <source>the prompt &quot;%1&quot; includes &quot;%2&quot;: %3</source>
        <translation>der Prompt „%1“ bindet „%2“ ein: %3</translation>
    </message>
    <message>
        <source>the prompt would include itself: %1</source>
        <translation>der Prompt würde sich selbst einbinden: %1</translation>
    </message>
    <message>
        <source>no file was given for the prompt store</source>
        <translation>für den Prompt-Speicher wurde keine Datei angegeben</translation>
    </message>
    <message>
        <source>cannot create the folder of the prompt store</source>
        <translation>der Ordner des Prompt-Speichers kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot switch the prompt store to write-ahead logging</source>
        <translation>der Prompt-Speicher kann nicht auf Write-Ahead-Logging umgestellt werden</translation>
    </message>
    <message>
        <source>the prompt store was written by a newer Valis (schema %1; this one knows %2) and is left as it is</source>
        <translation>der Prompt-Speicher wurde von einem neueren Valis geschrieben (Schema %1; dieses kennt %2) und bleibt unverändert</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a prompt key: use lower-case letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;/&apos; (at most 128)</source>
        <translation>„%1“ ist kein Prompt-Schlüssel: verwenden Sie Kleinbuchstaben, Ziffern, &apos;-&apos;, &apos;_&apos; und &apos;/&apos; (höchstens 128)</translation>
    </message>
    <message>
        <source>the prompt &quot;%1&quot; has no text</source>
        <translation>der Prompt „%1“ hat keinen Text</translation>
    </message>
    <message>
        <source>version %1 of the prompt &quot;%2&quot; is its removal</source>
        <translation>Version %1 des Prompts „%2“ ist seine Entfernung</translation>
    </message>
</context>
<context>
    <name>valis::ProviderSettings</name>
    <message>
        <source>the settings of provider &quot;%1&quot; must be an object</source>
        <translation>die Einstellungen des Anbieters „%1“ müssen ein Objekt sein</translation>
    </message>
    <message>
        <source>providers.%1.baseUrl must be a string</source>
        <translation>providers.%1.baseUrl muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>providers.%1.idleTimeoutMs must be a positive number</source>
        <translation>providers.%1.idleTimeoutMs muss eine positive Zahl sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http or https address</source>
        <translation>„%1“ ist keine http- oder https-Adresse</translation>
    </message>
    <message>
        <source>providers.%1.options must be an object</source>
        <translation>providers.%1.options muss ein Objekt sein</translation>
    </message>
</context>
<context>
    <name>valis::ProvidersPage</name>
    <message>
        <source>config/providers.json could not be read, so nothing here will be saved until it is fixed: %1</source>
        <translation>config/providers.json konnte nicht gelesen werden, daher wird hier nichts gespeichert, bis die Datei korrigiert ist: %1</translation>
    </message>
    <message>
        <source>No provider plugin is running; see Plugins.</source>
        <translation>Kein Anbieter-Plugin läuft; siehe Plugins.</translation>
    </message>
    <message>
        <source>The plugins are still starting; open Settings again in a moment.</source>
        <translation>Die Plugins werden noch gestartet; öffnen Sie die Einstellungen gleich noch einmal.</translation>
    </message>
    <message>
        <source>New sessions use:</source>
        <translation>Neue Sitzungen verwenden:</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Reading the keychain…</source>
        <translation>Schlüsselbund wird gelesen…</translation>
    </message>
    <message>
        <source>Paste a key to store it in the keychain</source>
        <translation>Schlüssel einfügen, um ihn im Schlüsselbund zu speichern</translation>
    </message>
    <message>
        <source>Only if this server wants a key</source>
        <translation>Nur falls dieser Server einen Schlüssel verlangt</translation>
    </message>
    <message>
        <source>Remove from keychain</source>
        <translation>Aus dem Schlüsselbund entfernen</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <source>Empty: %1</source>
        <translation>Wenn leer: %1</translation>
    </message>
    <message>
        <source>Empty: %1. The variable %2 wins over this when it is set.</source>
        <translation>Wenn leer: %1. Die Variable %2 hat Vorrang, wenn sie gesetzt ist.</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>Basis-URL:</translation>
    </message>
    <message>
        <source>Default model:</source>
        <translation>Standardmodell:</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Will be removed from the keychain when you apply.</source>
        <translation>Wird beim Übernehmen aus dem Schlüsselbund entfernt.</translation>
    </message>
    <message>
        <source>No keychain here; keys come from %1.</source>
        <translation>Hier gibt es keinen Schlüsselbund; Schlüssel kommen aus %1.</translation>
    </message>
    <message>
        <source>The keychain cannot be reached (%1); a key can still come from %2.</source>
        <translation>Der Schlüsselbund ist nicht erreichbar (%1); ein Schlüssel kann weiterhin aus %2 kommen.</translation>
    </message>
    <message>
        <source>In the keychain: %1</source>
        <translation>Im Schlüsselbund: %1</translation>
    </message>
    <message>
        <source>None stored.</source>
        <translation>Keiner gespeichert.</translation>
    </message>
    <message>
        <source>None stored; %1 is used when set.</source>
        <translation>Keiner gespeichert; %1 wird verwendet, wenn gesetzt.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Wird getestet…</translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation>✗ %1</translation>
    </message>
    <message numerus="yes">
        <source>✓ Connected: %n models</source>
        <translation>
            <numerusform>✓ Verbunden: %n Modell</numerusform>
            <numerusform>✓ Verbunden: %n Modelle</numerusform>
        </translation>
    </message>
    <message>
        <source>the base URL of %1 must be an http:// or https:// address, not &quot;%2&quot;</source>
        <translation>die Basis-URL von %1 muss eine http://- oder https://-Adresse sein, nicht „%2“</translation>
    </message>
    <message>
        <source>%1&apos;s key: %2</source>
        <translation>Schlüssel von %1: %2</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Anbieter</translation>
    </message>
</context>
<context>
    <name>valis::RecallIndex</name>
    <message>
        <source>read a message for the recall index</source>
        <translation>Nachricht für den Abrufindex lesen</translation>
    </message>
    <message>
        <source>update the recall index</source>
        <translation>Abrufindex aktualisieren</translation>
    </message>
    <message>
        <source>read the recall index state</source>
        <translation>Zustand des Abrufindex lesen</translation>
    </message>
    <message>
        <source>search the recall index</source>
        <translation>Abrufindex durchsuchen</translation>
    </message>
</context>
<context>
    <name>valis::RecallPage</name>
    <message>
        <source>config/recall.json could not be read, so nothing here will be saved until it is fixed: %1</source>
        <translation>config/recall.json konnte nicht gelesen werden, daher wird hier nichts gespeichert, bis die Datei korrigiert ist: %1</translation>
    </message>
    <message>
        <source>Before each of your turns the agent is reminded of lessons, references and earlier conversations that look relevant. The turn never waits longer than the budget; what arrives later comes with the next turn.</source>
        <translation>Vor jeder Ihrer Runden wird der Agent an Erkenntnisse, Referenzen und frühere Unterhaltungen erinnert, die relevant erscheinen. Die Runde wartet nie länger als das Budget; was später eintrifft, kommt mit der nächsten Runde.</translation>
    </message>
    <message>
        <source>Remind the agent before each turn</source>
        <translation>Den Agenten vor jeder Runde erinnern</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Longest wait per turn:</source>
        <translation>Längste Wartezeit pro Runde:</translation>
    </message>
    <message>
        <source>Items at most:</source>
        <translation>Höchstzahl an Elementen:</translation>
    </message>
    <message>
        <source>Without a filter model, a candidate is kept when its score reaches this share of the best candidate&apos;s</source>
        <translation>Ohne Filtermodell wird ein Kandidat behalten, wenn seine Bewertung diesen Anteil der Bewertung des besten Kandidaten erreicht</translation>
    </message>
    <message>
        <source>Score threshold:</source>
        <translation>Bewertungsschwelle:</translation>
    </message>
    <message>
        <source>None (use the score threshold)</source>
        <translation>Keiner (Bewertungsschwelle verwenden)</translation>
    </message>
    <message>
        <source>Filter model&apos;s provider:</source>
        <translation>Anbieter des Filtermodells:</translation>
    </message>
    <message>
        <source>a small, fast model, such as claude-haiku-4-5 or qwen3:4b</source>
        <translation>ein kleines, schnelles Modell, etwa claude-haiku-4-5 oder qwen3:4b</translation>
    </message>
    <message>
        <source>Filter model:</source>
        <translation>Filtermodell:</translation>
    </message>
    <message>
        <source>The recall filter needs both a provider and a model, or neither.</source>
        <translation>Der Abruffilter braucht sowohl einen Anbieter als auch ein Modell, oder keines von beiden.</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>Abruf</translation>
    </message>
</context>
<context>
    <name>valis::RecallSettings</name>
    <message>
        <source>%1 must be a whole number from %2 to %3</source>
        <translation>%1 muss eine ganze Zahl von %2 bis %3 sein</translation>
    </message>
    <message>
        <source>%1 must be a string</source>
        <translation>%1 muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot;</source>
        <translation>unbekannte Einstellung „%1“</translation>
    </message>
    <message>
        <source>enabled must be true or false</source>
        <translation>enabled muss true oder false sein</translation>
    </message>
    <message>
        <source>scoreThreshold must be a number from 0 to 1</source>
        <translation>scoreThreshold muss eine Zahl von 0 bis 1 sein</translation>
    </message>
    <message>
        <source>filterProvider and filterModel go together: name both or neither</source>
        <translation>filterProvider und filterModel gehören zusammen: Geben Sie beide an oder keines</translation>
    </message>
</context>
<context>
    <name>valis::RecallStep</name>
    <message>
        <source>the recall filter&apos;s answer could not be read</source>
        <translation>die Antwort des Abruffilters konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>the recall filter failed (%1)</source>
        <translation>der Abruffilter ist fehlgeschlagen (%1)</translation>
    </message>
</context>
<context>
    <name>valis::RemoteMachineController</name>
    <message>
        <source>Looking up the %1 key…</source>
        <translation>Schlüssel für %1 wird gesucht…</translation>
    </message>
    <message>
        <source>Attaching again to %1 machine %2…</source>
        <translation>Erneute Verbindung mit %1-Rechner %2…</translation>
    </message>
    <message>
        <source>%1 · not reachable: %2</source>
        <translation>%1 · nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>Bringing files back from the machine…</source>
        <translation>Dateien werden vom Rechner zurückgeholt…</translation>
    </message>
    <message>
        <source>Cannot bring the files back: %1</source>
        <translation>Die Dateien können nicht zurückgeholt werden: %1</translation>
    </message>
    <message>
        <source>Bringing files back from %1 machine %2…</source>
        <translation>Dateien werden von %1-Rechner %2 zurückgeholt…</translation>
    </message>
    <message>
        <source>Bringing files back, then deleting %1 machine %2…</source>
        <translation>Dateien werden zurückgeholt, danach wird %1-Rechner %2 gelöscht…</translation>
    </message>
    <message>
        <source>Could not bring the files back (%1); %2 machine %3 is kept: `valis-cli sandbox pull %4` tries again, `valis-cli sandbox cleanup` deletes it</source>
        <translation>Die Dateien konnten nicht zurückgeholt werden (%1); %2-Rechner %3 bleibt erhalten: `valis-cli sandbox pull %4` versucht es erneut, `valis-cli sandbox cleanup` löscht ihn</translation>
    </message>
    <message>
        <source>%1 machine %2 is kept (reused or kept by config/sandboxes.json)</source>
        <translation>%1-Rechner %2 bleibt erhalten (wiederverwendet oder laut config/sandboxes.json behalten)</translation>
    </message>
    <message>
        <source>Could not delete %1 machine %2: %3; `valis-cli sandbox cleanup` tries again</source>
        <translation>%1-Rechner %2 konnte nicht gelöscht werden: %3; `valis-cli sandbox cleanup` versucht es erneut</translation>
    </message>
    <message>
        <source>Deleted %1 machine %2</source>
        <translation>%1-Rechner %2 gelöscht</translation>
    </message>
</context>
<context>
    <name>valis::RemoteMachineView</name>
    <message>
        <source>Bring files back</source>
        <translation>Dateien zurückholen</translation>
    </message>
    <message>
        <source>Copy the files the agent changed on the remote machine into the local workspace; files you changed here meanwhile are kept, the machine&apos;s version saved beside them</source>
        <translation>Die Dateien, die der Agent auf dem entfernten Rechner geändert hat, in den lokalen Arbeitsbereich kopieren; Dateien, die Sie hier inzwischen geändert haben, bleiben erhalten, die Version des Rechners wird daneben gespeichert</translation>
    </message>
    <message>
        <source>Files brought back</source>
        <translation>Zurückgeholte Dateien</translation>
    </message>
</context>
<context>
    <name>valis::RemoteSandbox</name>
    <message>
        <source>the command was stopped before it started</source>
        <translation>der Befehl wurde abgebrochen, bevor er startete</translation>
    </message>
    <message>
        <source>the %1 machine %2 is %3, not running: start it again or let Valis create a new one</source>
        <translation>der %1-Rechner %2 läuft nicht (Zustand: %3): starten Sie ihn erneut oder lassen Sie Valis einen neuen erstellen</translation>
    </message>
    <message>
        <source>%1 runs commands on a machine of the session&apos;s own, and this session has none yet: start the session with this sandbox so Valis creates one</source>
        <translation>%1 führt Befehle auf einem eigenen Rechner der Sitzung aus, und diese Sitzung hat noch keinen: starten Sie die Sitzung mit dieser Sandbox, damit Valis einen erstellt</translation>
    </message>
    <message>
        <source>%1 CPU</source>
        <translation>%1 CPU</translation>
    </message>
    <message>
        <source>%1 GB memory</source>
        <translation>%1 GB Arbeitsspeicher</translation>
    </message>
    <message>
        <source>%1 GB disk</source>
        <translation>%1 GB Festplatte</translation>
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
        <translation>muss eine ganze Zahl von %1 bis %2 sein</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>muss true oder false sein</translation>
    </message>
    <message>
        <source>must be a list of names</source>
        <translation>muss eine Liste von Namen sein</translation>
    </message>
    <message>
        <source>must be an object of names and string values</source>
        <translation>muss ein Objekt aus Namen und Zeichenkettenwerten sein</translation>
    </message>
    <message>
        <source>must be an object of names and string values (&quot;%1&quot; is not a string)</source>
        <translation>muss ein Objekt aus Namen und Zeichenkettenwerten sein („%1“ ist keine Zeichenkette)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object</source>
        <translation>„%1“ muss ein Objekt sein</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1.%2&quot;</source>
        <translation>unbekannte Einstellung „%1.%2“</translation>
    </message>
    <message>
        <source>must not set %1: Valis sets it to the session&apos;s id</source>
        <translation>darf %1 nicht festlegen: Valis setzt den Wert auf die ID der Sitzung</translation>
    </message>
</context>
<context>
    <name>valis::RemoteWorkspace</name>
    <message>
        <source>the setup script uses ${%1}, which setupVariables lists but this environment does not set</source>
        <translation>das Setup-Skript verwendet ${%1}, das in setupVariables steht, in dieser Umgebung aber nicht gesetzt ist</translation>
    </message>
    <message>
        <source>cannot list the workspace %1 on the machine: %2</source>
        <translation>der Arbeitsbereich %1 auf dem Rechner kann nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot read the setup script: %1</source>
        <translation>das Setup-Skript kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>creating a %1 machine...</source>
        <translation>erstelle einen %1-Rechner...</translation>
    </message>
    <message>
        <source>attaching to %1 machine %2...</source>
        <translation>verbinde mit dem %1-Rechner %2...</translation>
    </message>
    <message>
        <source>%1 (and the machine could not be deleted: %2)</source>
        <translation>%1 (und der Rechner konnte nicht gelöscht werden: %2)</translation>
    </message>
    <message>
        <source>uploading the workspace to %1...</source>
        <translation>lade den Arbeitsbereich nach %1 hoch...</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>cannot upload %1: %2</source>
        <translation>%1 kann nicht hochgeladen werden: %2</translation>
    </message>
    <message>
        <source>running the setup script...</source>
        <translation>führe das Setup-Skript aus...</translation>
    </message>
    <message>
        <source>the setup script exited with status %1: %2</source>
        <translation>das Setup-Skript endete mit Status %1: %2</translation>
    </message>
    <message>
        <source>session %1 has no remote machine that Valis knows of</source>
        <translation>Sitzung %1 hat keinen entfernten Rechner, den Valis kennt</translation>
    </message>
    <message>
        <source>this session has no local workspace to bring files back to</source>
        <translation>diese Sitzung hat keinen lokalen Arbeitsbereich, in den Dateien zurückgeholt werden könnten</translation>
    </message>
    <message>
        <source>%1 machine %2 · %3</source>
        <translation>%1-Rechner %2 · %3</translation>
    </message>
    <message numerus="yes">
        <source>up %n min</source>
        <translation>
            <numerusform>seit %n Min. aktiv</numerusform>
            <numerusform>seit %n Min. aktiv</numerusform>
        </translation>
    </message>
    <message>
        <source>reused, kept after the session</source>
        <translation>wiederverwendet, bleibt nach der Sitzung erhalten</translation>
    </message>
    <message numerus="yes">
        <source>cannot upload the workspace (%n file(s) in one archive): %1</source>
        <translation>
            <numerusform>der Arbeitsbereich kann nicht hochgeladen werden (%n Datei in einem Archiv): %1</numerusform>
            <numerusform>der Arbeitsbereich kann nicht hochgeladen werden (%n Dateien in einem Archiv): %1</numerusform>
        </translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>%1 needs a key and the keychain cannot be reached (%2): set %3</source>
        <translation>%1 braucht einen Schlüssel, und der Schlüsselbund ist nicht erreichbar (%2): setzen Sie %3</translation>
    </message>
    <message>
        <source>%1 needs a key: store it in the keychain as %2 (`valis-cli keys set %2`) or set %3</source>
        <translation>%1 braucht einen Schlüssel: speichern Sie ihn im Schlüsselbund als %2 (`valis-cli keys set %2`) oder setzen Sie %3</translation>
    </message>
    <message>
        <source>no files changed on the machine</source>
        <translation>auf dem Rechner wurden keine Dateien geändert</translation>
    </message>
    <message>
        <source>updated %1</source>
        <translation>aktualisiert: %1</translation>
    </message>
    <message>
        <source>added %1</source>
        <translation>hinzugefügt: %1</translation>
    </message>
    <message>
        <source>removed %1</source>
        <translation>entfernt: %1</translation>
    </message>
    <message>
        <source>conflict %1: changed here and on the machine; the machine&apos;s version is %1.remote</source>
        <translation>Konflikt bei %1: hier und auf dem Rechner geändert; die Version des Rechners liegt in %1.remote</translation>
    </message>
</context>
<context>
    <name>valis::ReplayReport</name>
    <message>
        <source>nothing removed</source>
        <translation>nichts entfernt</translation>
    </message>
    <message>
        <source>%1 (%2 of %3 removed items)</source>
        <translation>%1 (%2 von %3 entfernten Elementen)</translation>
    </message>
    <message>
        <source>Session %1 (%2) replayed with %3</source>
        <translation>Sitzung %1 (%2) wiedergegeben mit %3</translation>
    </message>
    <message numerus="yes">
        <source>model %1 (tokens: %2) · window %3 · answer room %4 · fixed part %5 tokens (%n tool definition(s))</source>
        <translation>
            <numerusform>Modell %1 (Tokens: %2) · Fenster %3 · Platz für die Antwort %4 · fester Teil %5 Tokens (%n Werkzeugdefinition)</numerusform>
            <numerusform>Modell %1 (Tokens: %2) · Fenster %3 · Platz für die Antwort %4 · fester Teil %5 Tokens (%n Werkzeugdefinitionen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) · peak %1 tokens (%2 of the window) · overflows: %3</source>
        <translation>
            <numerusform>%n Anfrage · Spitze %1 Tokens (%2 des Fensters) · Überläufe: %3</numerusform>
            <numerusform>%n Anfragen · Spitze %1 Tokens (%2 des Fensters) · Überläufe: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>input %1 tokens, of them read from the cache %2 (%3) · prefix invalidations: %4</source>
        <translation>Eingabe %1 Tokens, davon aus dem Cache gelesen %2 (%3) · ungültig gewordene Präfixe: %4</translation>
    </message>
    <message>
        <source>compactions: %1</source>
        <translation>Verdichtungen: %1</translation>
    </message>
    <message>
        <source>summary calls: %1</source>
        <translation>Zusammenfassungsaufrufe: %1</translation>
    </message>
    <message>
        <source>billed: input %1 + output %2 + summaries %3 = %4</source>
        <translation>berechnet: Eingabe %1 + Ausgabe %2 + Zusammenfassungen %3 = %4</translation>
    </message>
    <message>
        <source>recoverability: %1; outside summaries: %2</source>
        <translation>Wiederherstellbarkeit: %1; außerhalb von Zusammenfassungen: %2</translation>
    </message>
    <message>
        <source>AGENTS.md (%1 bytes) verbatim in every request</source>
        <translation>AGENTS.md (%1 Bytes) wörtlich in jeder Anfrage</translation>
    </message>
    <message numerus="yes">
        <source>AGENTS.md missing from %n request(s)</source>
        <translation>
            <numerusform>AGENTS.md fehlt in %n Anfrage</numerusform>
            <numerusform>AGENTS.md fehlt in %n Anfragen</numerusform>
        </translation>
    </message>
    <message>
        <source>replay time %1 s</source>
        <translation>Wiedergabezeit %1 s</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>window</source>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>cache read</source>
        <translation>Cache gelesen</translation>
    </message>
    <message>
        <source>written</source>
        <translation>geschrieben</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>[cache invalidated]</source>
        <translation>[Cache ungültig]</translation>
    </message>
    <message>
        <source>[overflow]</source>
        <translation>[Überlauf]</translation>
    </message>
    <message numerus="yes">
        <source>old facts: no request came late enough to measure them (%n fact(s) from the start of the transcript)</source>
        <translation>
            <numerusform>alte Fakten: keine Anfrage kam spät genug, um sie zu messen (%n Fakt vom Anfang des Transkripts)</numerusform>
            <numerusform>alte Fakten: keine Anfrage kam spät genug, um sie zu messen (%n Fakten vom Anfang des Transkripts)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>old facts verbatim in the view: %1 on average, %2 at the last request; reachable by one get_turn: %3, %4 (%n fact(s) from the start of the transcript, each counted once %5 requests old)</source>
        <translation>
            <numerusform>alte Fakten wörtlich in der Ansicht: %1 im Mittel, %2 bei der letzten Anfrage; mit einem get_turn erreichbar: %3, %4 (%n Fakt vom Anfang des Transkripts, gezählt, sobald er %5 Anfragen alt ist)</numerusform>
            <numerusform>alte Fakten wörtlich in der Ansicht: %1 im Mittel, %2 bei der letzten Anfrage; mit einem get_turn erreichbar: %3, %4 (%n Fakten vom Anfang des Transkripts, jeder einmal gezählt, sobald er %5 Anfragen alt ist)</numerusform>
        </translation>
    </message>
    <message>
        <source>the view of every request is in %1</source>
        <translation>die Ansicht jeder Anfrage liegt in %1</translation>
    </message>
    <message>
        <source>old facts</source>
        <translation>alte Fakten</translation>
    </message>
    <message>
        <source>tagged</source>
        <translation>markiert</translation>
    </message>
</context>
<context>
    <name>valis::Replayer</name>
    <message>
        <source>%1 has no known input price: its input is counted at $0</source>
        <translation>%1 hat keinen bekannten Eingabepreis: seine Eingabe wird mit 0 $ gezählt</translation>
    </message>
    <message>
        <source>%1 has no known output price: its answers are counted at $0</source>
        <translation>%1 hat keinen bekannten Ausgabepreis: seine Antworten werden mit 0 $ gezählt</translation>
    </message>
    <message>
        <source>%1 has no known cache-write price: the input price is used</source>
        <translation>%1 hat keinen bekannten Preis für Cache-Schreibzugriffe: der Eingabepreis wird verwendet</translation>
    </message>
    <message>
        <source>%1 has no known cache-read price: the input price is used</source>
        <translation>%1 hat keinen bekannten Preis für Cache-Lesezugriffe: der Eingabepreis wird verwendet</translation>
    </message>
    <message numerus="yes">
        <source>%n System message(s) inside the conversation are not sent (views never hold System messages)</source>
        <translation>
            <numerusform>%n System-Nachricht innerhalb der Unterhaltung wird nicht gesendet (Ansichten enthalten nie System-Nachrichten)</numerusform>
            <numerusform>%n System-Nachrichten innerhalb der Unterhaltung werden nicht gesendet (Ansichten enthalten nie System-Nachrichten)</numerusform>
        </translation>
    </message>
    <message>
        <source>the session %1 has no model answers, so there is no request to replay</source>
        <translation>die Sitzung %1 hat keine Antworten eines Modells, also gibt es keine Anfrage wiederzugeben</translation>
    </message>
    <message>
        <source>the transcript names no model; %1 is assumed for prices and tokens</source>
        <translation>das Transkript nennt kein Modell; für Preise und Tokens wird %1 angenommen</translation>
    </message>
    <message>
        <source>the model &quot;%1&quot; is not in the catalogue; %2 is assumed for prices and tokens</source>
        <translation>das Modell „%1“ steht nicht im Katalog; für Preise und Tokens wird %2 angenommen</translation>
    </message>
    <message>
        <source>tokens are estimated: %1</source>
        <translation>Tokens werden geschätzt: %1</translation>
    </message>
    <message>
        <source>pipeline warning: %1</source>
        <translation>Warnung der Pipeline: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n pipeline warning(s) in all</source>
        <translation>
            <numerusform>insgesamt %n Warnung der Pipeline</numerusform>
            <numerusform>insgesamt %n Warnungen der Pipeline</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 existiert nicht</translation>
    </message>
    <message>
        <source>%1 is a folder; name one transcript file</source>
        <translation>%1 ist ein Ordner; nenne eine Transkriptdatei</translation>
    </message>
    <message>
        <source>%1 cannot be read (no permission)</source>
        <translation>%1 kann nicht gelesen werden (keine Berechtigung)</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>name a folder for the views</source>
        <translation>geben Sie einen Ordner für die Ansichten an</translation>
    </message>
    <message>
        <source>%1 is a file, not a folder for the views</source>
        <translation>%1 ist eine Datei, kein Ordner für die Ansichten</translation>
    </message>
    <message>
        <source>cannot create the folder %1 for the views</source>
        <translation>der Ordner %1 für die Ansichten kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write into the folder %1: %2</source>
        <translation>in den Ordner %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot remove the earlier view %1</source>
        <translation>die frühere Ansicht %1 kann nicht entfernt werden</translation>
    </message>
    <message>
        <source>cannot write the view %1: %2</source>
        <translation>die Ansicht %1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>valis::ResultCapture</name>
    <message>
        <source>the summarising model gave no summary</source>
        <translation>das Zusammenfassungsmodell hat keine Zusammenfassung geliefert</translation>
    </message>
    <message>
        <source>the summarising model failed: %1</source>
        <translation>das Zusammenfassungsmodell ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the summarising model did not answer in time</source>
        <translation>das Zusammenfassungsmodell hat nicht rechtzeitig geantwortet</translation>
    </message>
    <message>
        <source>large tool output could not be stored in memory and is shown whole: %1</source>
        <translation>eine große Werkzeugausgabe konnte nicht im Gedächtnis gespeichert werden und wird vollständig angezeigt: %1</translation>
    </message>
</context>
<context>
    <name>valis::SandboxPane</name>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Exit</source>
        <translation>Exit</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Kill</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the selected command; the agent is told it was killed</source>
        <translation>Den gewählten Befehl anhalten; der Agent erfährt, dass er abgebrochen wurde</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>[earlier output cut here; the whole of it is in the transcript]</source>
        <translation>[frühere Ausgabe hier abgeschnitten; sie steht vollständig im Transkript]</translation>
    </message>
    <message>
        <source>[run again]</source>
        <translation>[erneut ausgeführt]</translation>
    </message>
    <message>
        <source>Where this session&apos;s commands run, from its next turn</source>
        <translation>Wo die Befehle dieser Sitzung laufen, ab ihrer nächsten Runde</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <source>Whether this session&apos;s commands may reach the network, from its next turn</source>
        <translation>Ob die Befehle dieser Sitzung auf das Netzwerk zugreifen dürfen, ab ihrer nächsten Runde</translation>
    </message>
    <message>
        <source>This session:</source>
        <translation>Diese Sitzung:</translation>
    </message>
    <message>
        <source>%1 (not running)</source>
        <translation>%1 (läuft nicht)</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>Befehle</translation>
    </message>
    <message>
        <source>Command output</source>
        <translation>Befehlsausgabe</translation>
    </message>
</context>
<context>
    <name>valis::SectionBar</name>
    <message>
        <source>Tokens per section</source>
        <translation>Tokens pro Abschnitt</translation>
    </message>
    <message>
        <source>%1: %2 tokens</source>
        <translation>%1: %2 Tokens</translation>
    </message>
</context>
<context>
    <name>valis::Session</name>
    <message>
        <source>a session needs a store, a provider, tools and approval rules</source>
        <translation>eine Sitzung braucht einen Speicher, einen Anbieter, Werkzeuge und Freigaberegeln</translation>
    </message>
    <message>
        <source>no model was chosen for provider %1</source>
        <translation>für den Anbieter %1 wurde kein Modell gewählt</translation>
    </message>
    <message>
        <source>a turn is running; interrupt it or wait for it to finish</source>
        <translation>eine Runde läuft; unterbrechen Sie sie oder warten Sie, bis sie fertig ist</translation>
    </message>
    <message>
        <source>there is nothing to send</source>
        <translation>es gibt nichts zu senden</translation>
    </message>
    <message>
        <source>no context strategy is installed, so there is nothing to compact with</source>
        <translation>es ist keine Kontextstrategie installiert, daher kann nichts verdichtet werden</translation>
    </message>
    <message>
        <source>the tokenizer of %1 cannot be loaded, so its tokens are estimated: %2</source>
        <translation>der Tokenizer von %1 kann nicht geladen werden, deshalb werden seine Tokens geschätzt: %2</translation>
    </message>
    <message>
        <source>this session has no message &quot;%1&quot;</source>
        <translation>diese Sitzung hat keine Nachricht „%1“</translation>
    </message>
    <message>
        <source>only a message the user wrote can be edited and sent again</source>
        <translation>nur eine vom Benutzer geschriebene Nachricht kann bearbeitet und erneut gesendet werden</translation>
    </message>
    <message>
        <source>there is no turn to run again</source>
        <translation>es gibt keine Runde, die erneut ausgeführt werden kann</translation>
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
    <message numerus="yes">
        <source>No folder (%n)</source>
        <translation>
            <numerusform>Kein Ordner (%n)</numerusform>
            <numerusform>Kein Ordner (%n)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n)</source>
        <translation>
            <numerusform>%1 (%n)</numerusform>
            <numerusform>%1 (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Sessions without a workspace folder</source>
        <translation>Sitzungen ohne Arbeitsordner</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Served by the OpenAI-compatible API (profile %1)</source>
        <translation>Über die OpenAI-kompatible API bereitgestellt (Profil %1)</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>Angeheftet</translation>
    </message>
    <message>
        <source>%1, pinned</source>
        <translation>%1, angeheftet</translation>
    </message>
</context>
<context>
    <name>valis::SessionSampler</name>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>valis::SessionStore</name>
    <message>
        <source>cannot set up transcript ranking: %1</source>
        <translation>die Relevanzbewertung der Verläufe kann nicht eingerichtet werden: %1</translation>
    </message>
    <message>
        <source>part %1 names part %2 as its parent</source>
        <translation>Teil %1 gibt Teil %2 als übergeordneten Teil an</translation>
    </message>
    <message>
        <source>migration to schema version %1 failed: %2</source>
        <translation>Migration auf Schemaversion %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>cannot create the folder for the database</source>
        <translation>der Ordner für die Datenbank kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot open the database</source>
        <translation>die Datenbank kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>cannot switch the database to write-ahead logging: %1</source>
        <translation>die Datenbank kann nicht auf Write-Ahead-Logging umgestellt werden: %1</translation>
    </message>
    <message>
        <source>rename session</source>
        <translation>Sitzung umbenennen</translation>
    </message>
    <message>
        <source>there is no session &quot;%1&quot;</source>
        <translation>es gibt keine Sitzung „%1“</translation>
    </message>
    <message>
        <source>archive session</source>
        <translation>Sitzung archivieren</translation>
    </message>
    <message>
        <source>session %1 already exists and came from %2, not %3</source>
        <translation>Sitzung %1 existiert bereits und stammt aus %2, nicht aus %3</translation>
    </message>
    <message>
        <source>store token counts</source>
        <translation>Tokenzahlen speichern</translation>
    </message>
    <message>
        <source>session %1 has no part %2 in message %3</source>
        <translation>Sitzung %1 hat keinen Teil %2 in Nachricht %3</translation>
    </message>
    <message>
        <source>read session</source>
        <translation>Sitzung lesen</translation>
    </message>
    <message>
        <source>list sessions</source>
        <translation>Sitzungen auflisten</translation>
    </message>
    <message>
        <source>read messages</source>
        <translation>Nachrichten lesen</translation>
    </message>
    <message>
        <source>read parts</source>
        <translation>Teile lesen</translation>
    </message>
    <message>
        <source>message %1 should have %2 parts but has %3</source>
        <translation>Nachricht %1 sollte %2 Teile haben, hat aber %3</translation>
    </message>
    <message>
        <source>read turns</source>
        <translation>Runden lesen</translation>
    </message>
    <message>
        <source>read token counts</source>
        <translation>Tokenzahlen lesen</translation>
    </message>
    <message>
        <source>create session %1</source>
        <translation>Sitzung %1 anlegen</translation>
    </message>
    <message>
        <source>a session with id %1 already exists</source>
        <translation>eine Sitzung mit der ID %1 existiert bereits</translation>
    </message>
    <message>
        <source>find session %1</source>
        <translation>Sitzung %1 suchen</translation>
    </message>
    <message>
        <source>append message %1</source>
        <translation>Nachricht %1 anhängen</translation>
    </message>
    <message>
        <source>the session already has a message with id %1</source>
        <translation>die Sitzung hat bereits eine Nachricht mit der ID %1</translation>
    </message>
    <message>
        <source>update session</source>
        <translation>Sitzung aktualisieren</translation>
    </message>
    <message>
        <source>this file is not a Valis session database (%1)</source>
        <translation>diese Datei ist keine Valis-Sitzungsdatenbank (%1)</translation>
    </message>
    <message>
        <source>this SQLite file belongs to another application; Valis left it untouched</source>
        <translation>diese SQLite-Datei gehört zu einer anderen Anwendung; Valis hat sie nicht verändert</translation>
    </message>
    <message>
        <source>the database was written by a newer Valis (schema version %1; this build reads up to %2). It was left untouched: update Valis to open it.</source>
        <translation>die Datenbank wurde von einem neueren Valis geschrieben (Schemaversion %1; dieser Build liest bis %2). Sie wurde nicht verändert: Aktualisieren Sie Valis, um sie zu öffnen.</translation>
    </message>
    <message>
        <source>delete session</source>
        <translation>Sitzung löschen</translation>
    </message>
    <message>
        <source>remember the active branch</source>
        <translation>aktiven Zweig merken</translation>
    </message>
    <message>
        <source>session &quot;%1&quot; has no message &quot;%2&quot;</source>
        <translation>Sitzung „%1“ hat keine Nachricht „%2“</translation>
    </message>
    <message>
        <source>message %1 has an unknown role</source>
        <translation>Nachricht %1 hat eine unbekannte Rolle</translation>
    </message>
    <message>
        <source>read turn versions</source>
        <translation>Rundenversionen lesen</translation>
    </message>
    <message>
        <source>a stored turn version needs a turn and the level S, C or T (turn %1, level %2)</source>
        <translation>eine gespeicherte Rundenversion braucht eine Runde und die Stufe S, C oder T (Runde %1, Stufe %2)</translation>
    </message>
    <message>
        <source>store turn versions</source>
        <translation>Rundenversionen speichern</translation>
    </message>
    <message>
        <source>update session metadata</source>
        <translation>Aktualisieren der Sitzungsmetadaten</translation>
    </message>
    <message numerus="yes">
        <source>cannot remove %n unreferenced file(s)</source>
        <translation>
            <numerusform>%n nicht referenzierte Datei kann nicht entfernt werden</numerusform>
            <numerusform>%n nicht referenzierte Dateien können nicht entfernt werden</numerusform>
        </translation>
    </message>
    <message>
        <source>sweep orphan blobs</source>
        <translation>verwaiste Blobs entfernen</translation>
    </message>
    <message>
        <source>cannot set up the phrase index: %1</source>
        <translation>der Phrasenindex kann nicht eingerichtet werden: %1</translation>
    </message>
    <message>
        <source>cannot split text into words for the index</source>
        <translation>der Text kann für den Index nicht in Wörter zerlegt werden</translation>
    </message>
</context>
<context>
    <name>valis::Settings</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation>die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>kein gültiges JSON: %1</translation>
    </message>
    <message>
        <source>the file must hold a JSON object</source>
        <translation>die Datei muss ein JSON-Objekt enthalten</translation>
    </message>
    <message>
        <source>cannot create the folder</source>
        <translation>der Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write the file: %1</source>
        <translation>die Datei kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>unsupported version %1 (this Valis reads version %2)</source>
        <translation>nicht unterstützte Version %1 (dieses Valis liest Version %2)</translation>
    </message>
</context>
<context>
    <name>valis::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Speichere…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Saved. New turns use these settings.</source>
        <translation>Gespeichert. Neue Runden verwenden diese Einstellungen.</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Einstellungsseiten</translation>
    </message>
</context>
<context>
    <name>valis::SharingPage</name>
    <message>
        <source>Add Valis to %1?</source>
        <translation>Valis zu %1 hinzufügen?</translation>
    </message>
    <message>
        <source>Valis will change %1 as shown below; the file as it is now is kept as %2.</source>
        <translation>Valis ändert %1 wie unten gezeigt; die Datei in ihrem jetzigen Zustand wird als %2 aufbewahrt.</translation>
    </message>
    <message>
        <source>Valis will create %1 as shown below.</source>
        <translation>Valis legt %1 wie unten gezeigt an.</translation>
    </message>
    <message>
        <source>&amp;Write</source>
        <translation>&amp;Schreiben</translation>
    </message>
    <message>
        <source>%1 reads it when it starts next.</source>
        <translation>%1 liest sie beim nächsten Start.</translation>
    </message>
    <message>
        <source>Calls from other agents</source>
        <translation>Aufrufe von anderen Agenten</translation>
    </message>
    <message>
        <source>Share memory with other agents</source>
        <translation>Gedächtnis mit anderen Agenten teilen</translation>
    </message>
    <message>
        <source>Other agents can search and read Valis&apos;s memory and transcripts through its MCP server (valis-cli mcp serve). Paste one of these into the agent, or let Valis add it to the agent&apos;s configuration file: you see the change before anything is written.</source>
        <translation>Andere Agenten können das Gedächtnis und die Transkripte von Valis über seinen MCP-Server (valis-cli mcp serve) durchsuchen und lesen. Fügen Sie einen dieser Ausschnitte in den Agenten ein, oder lassen Sie Valis ihn in die Konfigurationsdatei des Agenten eintragen: Sie sehen die Änderung, bevor etwas geschrieben wird.</translation>
    </message>
    <message>
        <source>valis-cli was not found at %1; the snippets name it there.</source>
        <translation>valis-cli wurde nicht unter %1 gefunden; die Ausschnitte nennen es dort.</translation>
    </message>
    <message>
        <source>&amp;Read-only: other agents can search and read, not store (--read-only)</source>
        <translation>&amp;Nur lesend: andere Agenten können suchen und lesen, aber nicht speichern (--read-only)</translation>
    </message>
    <message>
        <source>%1 (a command to run in a terminal)</source>
        <translation>%1 (ein Befehl zum Ausführen in einem Terminal)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>The %1 snippet is on the clipboard.</source>
        <translation>Der Ausschnitt für %1 ist in der Zwischenablage.</translation>
    </message>
    <message>
        <source>Add to %1…</source>
        <translation>Zu %1 hinzufügen…</translation>
    </message>
    <message>
        <source>Shows the change to %1 first</source>
        <translation>Zeigt zuerst die Änderung an %1</translation>
    </message>
    <message>
        <source>OpenAI-compatible API</source>
        <translation>OpenAI-kompatible API</translation>
    </message>
    <message>
        <source>Clients such as Aider, Continue or Open WebUI can talk to your models through Valis, with its context management, on this computer only (valis-cli serve). They need the URL and the token.</source>
        <translation>Clients wie Aider, Continue oder Open WebUI können über Valis mit Ihren Modellen sprechen, mit seiner Kontextverwaltung, nur auf diesem Computer (valis-cli serve). Sie brauchen die URL und das Token.</translation>
    </message>
    <message>
        <source>&amp;Serve an OpenAI-compatible API</source>
        <translation>Eine OpenAI-kompatible API &amp;bereitstellen</translation>
    </message>
    <message>
        <source>port </source>
        <translation>Port </translation>
    </message>
    <message>
        <source>Copy URL</source>
        <translation>URL kopieren</translation>
    </message>
    <message>
        <source>Copy token</source>
        <translation>Token kopieren</translation>
    </message>
    <message>
        <source>Not available in this window.</source>
        <translation>In diesem Fenster nicht verfügbar.</translation>
    </message>
    <message>
        <source>The API&apos;s URL is on the clipboard.</source>
        <translation>Die URL der API ist in der Zwischenablage.</translation>
    </message>
    <message>
        <source>Valis was not added to %1: %2</source>
        <translation>Valis wurde nicht zu %1 hinzugefügt: %2</translation>
    </message>
    <message>
        <source>%1 already starts Valis this way (%2).</source>
        <translation>%1 startet Valis bereits auf diese Weise (%2).</translation>
    </message>
    <message>
        <source>Added Valis to %1 (%2). Start %1 again to use it.</source>
        <translation>Valis wurde zu %1 hinzugefügt (%2). Starten Sie %1 neu, um es zu verwenden.</translation>
    </message>
    <message>
        <source>Nothing was written to %1&apos;s configuration.</source>
        <translation>In die Konfiguration von %1 wurde nichts geschrieben.</translation>
    </message>
    <message>
        <source>The token could not be read from the keychain: %1</source>
        <translation>Das Token konnte nicht aus dem Schlüsselbund gelesen werden: %1</translation>
    </message>
    <message>
        <source>There is no token yet: valis-cli serve makes one when it first starts.</source>
        <translation>Es gibt noch kein Token: valis-cli serve erzeugt eines beim ersten Start.</translation>
    </message>
    <message>
        <source>The API&apos;s token is on the clipboard.</source>
        <translation>Das Token der API ist in der Zwischenablage.</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>beliebiger freier Port</translation>
    </message>
    <message>
        <source>The profile of config/serve.json a request without a model uses</source>
        <translation>Das Profil aus config/serve.json, das eine Anfrage ohne Modell verwendet</translation>
    </message>
    <message>
        <source>Default profile</source>
        <translation>Standardprofil</translation>
    </message>
    <message>
        <source>Profile %1 (%2/%3)</source>
        <translation>Profil %1 (%2/%3)</translation>
    </message>
    <message>
        <source>Profile %1 (not in config/serve.json)</source>
        <translation>Profil %1 (nicht in config/serve.json)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 wird geschrieben…</translation>
    </message>
</context>
<context>
    <name>valis::ShellFilesystem</name>
    <message>
        <source>workspace %1 on %2</source>
        <translation>Arbeitsbereich %1 auf %2</translation>
    </message>
    <message>
        <source>the workspace root is a folder, not a file</source>
        <translation>die Wurzel des Arbeitsbereichs ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>the workspace root cannot be removed</source>
        <translation>die Wurzel des Arbeitsbereichs kann nicht entfernt werden</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 existiert nicht</translation>
    </message>
    <message>
        <source>%1 leads outside the workspace</source>
        <translation>%1 führt aus dem Arbeitsbereich hinaus</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file</source>
        <translation>%1 ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>%1 is a file, not a folder</source>
        <translation>%1 ist eine Datei, kein Ordner</translation>
    </message>
    <message>
        <source>%1 is a folder that is not empty</source>
        <translation>%1 ist ein Ordner, der nicht leer ist</translation>
    </message>
    <message>
        <source>%1 on %2 failed: %3</source>
        <translation>%1 auf %2 fehlgeschlagen: %3</translation>
    </message>
</context>
<context>
    <name>valis::SqliteDetailStore</name>
    <message>
        <source>cannot create the folder for large memories</source>
        <translation>der Ordner für große Erinnerungen kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write the content file of a large memory: %1</source>
        <translation>die Inhaltsdatei einer großen Erinnerung kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>the content of %1 is missing: its file is gone from the memory folder</source>
        <translation>der Inhalt von %1 fehlt: Seine Datei ist nicht mehr im Gedächtnisordner</translation>
    </message>
    <message>
        <source>the content of %1 cannot be read: %2</source>
        <translation>der Inhalt von %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the content of %1 is damaged: its file no longer matches the checksum stored with it</source>
        <translation>der Inhalt von %1 ist beschädigt: Seine Datei passt nicht mehr zur mitgespeicherten Prüfsumme</translation>
    </message>
    <message>
        <source>cannot remove the content file of a large memory</source>
        <translation>die Inhaltsdatei einer großen Erinnerung kann nicht entfernt werden</translation>
    </message>
    <message>
        <source>cannot open the memory database</source>
        <translation>die Gedächtnisdatenbank kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>search memories</source>
        <translation>Durchsuchen der Erinnerungen</translation>
    </message>
    <message>
        <source>cannot set up memory search snippets: %1</source>
        <translation>die Textausschnitte für die Gedächtnissuche können nicht eingerichtet werden: %1</translation>
    </message>
    <message>
        <source>this file is not a Valis memory database (%1)</source>
        <translation>diese Datei ist keine Valis-Gedächtnisdatenbank (%1)</translation>
    </message>
    <message>
        <source>this SQLite file is not a Valis memory database; Valis left it untouched</source>
        <translation>diese SQLite-Datei ist keine Valis-Gedächtnisdatenbank; Valis hat sie nicht verändert</translation>
    </message>
    <message>
        <source>the memory database was written by a newer Valis (schema version %1; this build reads up to %2). It was left untouched: update Valis to open it.</source>
        <translation>die Gedächtnisdatenbank wurde von einem neueren Valis geschrieben (Schemaversion %1; dieser Build liest bis %2). Sie wurde nicht verändert: Aktualisieren Sie Valis, um sie zu öffnen.</translation>
    </message>
    <message>
        <source>migration of the memory database to schema version %1 failed: %2</source>
        <translation>Migration der Gedächtnisdatenbank auf Schemaversion %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>the content of %1 is damaged: it no longer matches the checksum stored with it</source>
        <translation>der Inhalt von %1 ist beschädigt: Er passt nicht mehr zur mitgespeicherten Prüfsumme</translation>
    </message>
    <message>
        <source>read a memory</source>
        <translation>Lesen einer Erinnerung</translation>
    </message>
    <message>
        <source>choose a memory key</source>
        <translation>Wählen eines Erinnerungsschlüssels</translation>
    </message>
    <message>
        <source>store a memory</source>
        <translation>Speichern einer Erinnerung</translation>
    </message>
</context>
<context>
    <name>valis::StoreWorker</name>
    <message>
        <source>session &quot;%1&quot; has no message &quot;%2&quot;</source>
        <translation>Sitzung „%1“ hat keine Nachricht „%2“</translation>
    </message>
</context>
<context>
    <name>valis::SubagentHost</name>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
</context>
<context>
    <name>valis::SweAgentImporter</name>
    <message>
        <source>SWE-agent trajectory</source>
        <translation>SWE-agent-Trajektorie</translation>
    </message>
    <message>
        <source>expected a JSON object with a &quot;history&quot; array</source>
        <translation>ein JSON-Objekt mit einem „history“-Array wurde erwartet</translation>
    </message>
    <message>
        <source>&quot;history&quot; is missing or not an array</source>
        <translation>„history“ fehlt oder ist kein Array</translation>
    </message>
    <message>
        <source>%1 is not a JSON object</source>
        <translation>%1 ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>SWE-agent trajectories have no timestamps; the session and its messages take the file&apos;s modification time.</source>
        <translation>SWE-agent-Trajektorien haben keine Zeitstempel; die Sitzung und ihre Nachrichten erhalten die Änderungszeit der Datei.</translation>
    </message>
    <message>
        <source>%1 trajectory steps repeat the history and were not imported again.</source>
        <translation>%1 Trajektorienschritte wiederholen die „history“ und wurden nicht erneut importiert.</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>die Datei kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>valis::TomlReader</name>
    <message>
        <source>a table name that cannot be read</source>
        <translation>ein Tabellenname, der nicht gelesen werden kann</translation>
    </message>
    <message>
        <source>a table name without its closing bracket</source>
        <translation>ein Tabellenname ohne schließende Klammer</translation>
    </message>
    <message>
        <source>something after a table name</source>
        <translation>etwas hinter einem Tabellennamen</translation>
    </message>
    <message>
        <source>a key that cannot be read</source>
        <translation>ein Schlüssel, der nicht gelesen werden kann</translation>
    </message>
    <message>
        <source>a key without &quot;=&quot;</source>
        <translation>ein Schlüssel ohne „=“</translation>
    </message>
    <message>
        <source>a value that cannot be read</source>
        <translation>ein Wert, der nicht gelesen werden kann</translation>
    </message>
    <message>
        <source>something after a value</source>
        <translation>etwas hinter einem Wert</translation>
    </message>
    <message>
        <source>values nested more than %1 deep</source>
        <translation>Werte, die tiefer als %1 Ebenen verschachtelt sind</translation>
    </message>
</context>
<context>
    <name>valis::ToolEnvironment</name>
    <message>
        <source>the sandbox &quot;%1&quot; is not installed (the &quot;local&quot; sandbox plugin did not load), so commands cannot run; see valis-cli plugins</source>
        <translation>die Sandbox „%1“ ist nicht installiert (das Sandbox-Plugin „local“ wurde nicht geladen), daher können keine Befehle laufen; siehe valis-cli plugins</translation>
    </message>
    <message>
        <source>there is no sandbox &quot;%1&quot;; the sandboxes are: %2 (or bwrap, none)</source>
        <translation>es gibt keine Sandbox „%1“; verfügbare Sandboxen: %2 (oder bwrap, none)</translation>
    </message>
    <message>
        <source>none installed</source>
        <translation>keine installiert</translation>
    </message>
    <message>
        <source>commands cannot run: %1</source>
        <translation>Befehle können nicht laufen: %1</translation>
    </message>
    <message>
        <source>no sandbox</source>
        <translation>keine Sandbox</translation>
    </message>
    <message>
        <source>network on</source>
        <translation>Netzwerk an</translation>
    </message>
    <message>
        <source>network off</source>
        <translation>Netzwerk aus</translation>
    </message>
    <message>
        <source>NO ISOLATION: commands run as plain processes with your permissions (%1)</source>
        <translation>KEINE ISOLATION: Befehle laufen als normale Prozesse mit Ihren Rechten (%1)</translation>
    </message>
    <message>
        <source>sandbox: %1, %2</source>
        <translation>Sandbox: %1, %2</translation>
    </message>
</context>
<context>
    <name>valis::ToolSelector</name>
    <message>
        <source>the tool selector&apos;s answer named no known tool, so every tool is offered</source>
        <translation>die Antwort der Werkzeugauswahl nannte kein bekanntes Werkzeug, daher werden alle Werkzeuge angeboten</translation>
    </message>
    <message>
        <source>the tool selector failed (%1), so every tool is offered</source>
        <translation>die Werkzeugauswahl ist fehlgeschlagen (%1), daher werden alle Werkzeuge angeboten</translation>
    </message>
</context>
<context>
    <name>valis::ToolSettings</name>
    <message>
        <source>%1.%2 must be a string</source>
        <translation>%1.%2 muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>%1 must be an object with &quot;tools&quot;</source>
        <translation>%1 muss ein Objekt mit „tools“ sein</translation>
    </message>
    <message>
        <source>%1.tools must be a non-empty array of tool names</source>
        <translation>%1.tools muss ein nicht leeres Array von Werkzeugnamen sein</translation>
    </message>
    <message>
        <source>%1.tools must hold only tool names</source>
        <translation>%1.tools darf nur Werkzeugnamen enthalten</translation>
    </message>
    <message>
        <source>%1 must be an object</source>
        <translation>%1 muss ein Objekt sein</translation>
    </message>
    <message>
        <source>%1.description is required: the model chooses a subagent by it</source>
        <translation>%1.description ist erforderlich: Das Modell wählt einen Subagenten danach aus</translation>
    </message>
    <message>
        <source>%1.maxSteps must be a number of at least 1</source>
        <translation>%1.maxSteps muss eine Zahl von mindestens 1 sein</translation>
    </message>
    <message>
        <source>Read, edit, run commands, plan and load skills: what a coding agent needs.</source>
        <translation>Lesen, bearbeiten, Befehle ausführen, planen und Skills laden: alles, was ein Coding-Agent braucht.</translation>
    </message>
    <message>
        <source>Every file tool (read, search, edit, patch) and the plan; no commands.</source>
        <translation>Alle Datei-Werkzeuge (lesen, suchen, bearbeiten, patchen) und der Plan; keine Befehle.</translation>
    </message>
    <message>
        <source>Every tool of every installed plugin.</source>
        <translation>Jedes Werkzeug jedes installierten Plugins.</translation>
    </message>
    <message>
        <source>there is no tool pack &quot;%1&quot;; the packs are: %2</source>
        <translation>es gibt kein Werkzeugpaket „%1“; verfügbare Pakete: %2</translation>
    </message>
    <message>
        <source>agent &quot;%1&quot; must be a plain name (letters, digits, &apos;.&apos;, &apos;-&apos;, &apos;_&apos;)</source>
        <translation>Agent „%1“ muss ein einfacher Name sein (Buchstaben, Ziffern, &apos;.&apos;, &apos;-&apos;, &apos;_&apos;)</translation>
    </message>
    <message>
        <source>network must be true or false</source>
        <translation>network muss true oder false sein</translation>
    </message>
    <message>
        <source>maxSubagentDepth must be a number from 0 to 5</source>
        <translation>maxSubagentDepth muss eine Zahl von 0 bis 5 sein</translation>
    </message>
    <message>
        <source>Read-only tools, web search and fetching, skills, images and subagents: look, never change.</source>
        <translation>Nur lesende Werkzeuge, Websuche und Abrufen von Seiten, Skills, Bilder und Subagenten: ansehen, nie ändern.</translation>
    </message>
</context>
<context>
    <name>valis::ToolsPage</name>
    <message>
        <source>Nothing on this page will be saved until this is fixed: %1</source>
        <translation>Auf dieser Seite wird nichts gespeichert, bis dies behoben ist: %1</translation>
    </message>
    <message>
        <source>The plugins are still starting; open Settings again in a moment.</source>
        <translation>Die Plugins werden noch gestartet; öffnen Sie die Einstellungen gleich noch einmal.</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Werkzeugaufrufe</translation>
    </message>
    <message>
        <source>Default: read-only tools run, every other call asks. Deny always wins, for the tool or its provider.</source>
        <translation>Vorgabe: Nur lesende Werkzeuge laufen, bei jedem anderen Aufruf wird nachgefragt. „Ablehnen“ hat immer Vorrang, ob für das Werkzeug oder seinen Anbieter.</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Reads only</source>
        <translation>Nur lesend</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Tool provider</source>
        <translation>Werkzeuganbieter</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>New sessions</source>
        <translation>Neue Sitzungen</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (not running)</source>
        <translation>%1 (läuft nicht)</translation>
    </message>
    <message>
        <source>Commands may use the network</source>
        <translation>Befehle dürfen das Netzwerk verwenden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Sandbox:</source>
        <translation>Sandbox:</translation>
    </message>
    <message>
        <source>Tool pack:</source>
        <translation>Werkzeugpaket:</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Vorgabe</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>Erlauben</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>(not running)</source>
        <translation>(läuft nicht)</translation>
    </message>
    <message>
        <source>This sandbox is not running: commands will not run until it is.</source>
        <translation>Diese Sandbox läuft nicht: Befehle werden erst ausgeführt, wenn sie läuft.</translation>
    </message>
    <message>
        <source>No isolation: commands can read and change every file you can.</source>
        <translation>Keine Isolation: Befehle können jede Datei lesen und ändern, die Sie lesen und ändern können.</translation>
    </message>
    <message>
        <source>This sandbox cannot cut the network off anyway.</source>
        <translation>Diese Sandbox kann das Netzwerk ohnehin nicht abtrennen.</translation>
    </message>
    <message>
        <source>Commands can reach the network (downloads, uploads of your files).</source>
        <translation>Befehle können auf das Netzwerk zugreifen (Downloads, Uploads Ihrer Dateien).</translation>
    </message>
    <message>
        <source>not saved: %1</source>
        <translation>nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Tool approval rules</source>
        <translation>Freigaberegeln für Werkzeuge</translation>
    </message>
    <message>
        <source>Tool provider rules</source>
        <translation>Regeln für Werkzeuganbieter</translation>
    </message>
    <message>
        <source>Approval rule for %1</source>
        <translation>Freigaberegel für %1</translation>
    </message>
</context>
<context>
    <name>valis::TranscriptGrepPane</name>
    <message>
        <source>Search every transcript</source>
        <translation>Alle Transkripte durchsuchen</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>Regex</translation>
    </message>
    <message>
        <source>Match a regular expression instead of words</source>
        <translation>Einen regulären Ausdruck statt Wörtern suchen</translation>
    </message>
    <message>
        <source>This session</source>
        <translation>Diese Sitzung</translation>
    </message>
    <message>
        <source>Any role</source>
        <translation>Jede Rolle</translation>
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
    <message>
        <source>A regex needs a word of three letters or more that every match contains, such as &quot;undefined.*reference&quot;.</source>
        <translation>Ein regulärer Ausdruck braucht ein Wort aus mindestens drei Buchstaben, das jeder Treffer enthält, etwa &quot;undefined.*reference&quot;.</translation>
    </message>
    <message>
        <source>No session is shown.</source>
        <translation>Es wird keine Sitzung angezeigt.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche…</translation>
    </message>
    <message>
        <source>No match (%1 ms).</source>
        <translation>Kein Treffer (%1 ms).</translation>
    </message>
    <message>
        <source>1 hit in %1 ms</source>
        <translation>1 Treffer in %1 ms</translation>
    </message>
    <message numerus="yes">
        <source>%n hits in %1 ms</source>
        <translation>
            <numerusform>%n Treffer in %1 ms</numerusform>
            <numerusform>%n Treffer in %1 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>, best first</source>
        <translation>, die besten zuerst</translation>
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation>Suche fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Only messages written in this time</source>
        <translation>Nur Nachrichten, die in diesem Zeitraum geschrieben wurden</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>Beliebiger Zeitraum</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Last year</source>
        <translation>Letzte 12 Monate</translation>
    </message>
    <message>
        <source>Only messages of this role</source>
        <translation>Nur Nachrichten dieser Rolle</translation>
    </message>
    <message>
        <source>Only calls of this tool</source>
        <translation>Nur Aufrufe dieses Werkzeugs</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Suchergebnisse</translation>
    </message>
</context>
<context>
    <name>valis::TranscriptImporters</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation>die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>not a transcript format Valis knows (known: %1); name one with --format</source>
        <translation>kein Verlaufsformat, das Valis kennt (bekannt: %1); geben Sie eines mit --format an</translation>
    </message>
</context>
<context>
    <name>valis::TranscriptIndex</name>
    <message>
        <source>the search has no words to look for</source>
        <translation>die Suche enthält keine Wörter, nach denen gesucht werden kann</translation>
    </message>
    <message>
        <source>read the index state</source>
        <translation>Indexstatus lesen</translation>
    </message>
    <message>
        <source>index pending text</source>
        <translation>ausstehenden Text indizieren</translation>
    </message>
    <message>
        <source>the regular expression is not valid: %1 (at offset %2)</source>
        <translation>der reguläre Ausdruck ist ungültig: %1 (an Position %2)</translation>
    </message>
    <message>
        <source>search</source>
        <translation>suchen</translation>
    </message>
    <message>
        <source>there is no session &quot;%1&quot;</source>
        <translation>es gibt keine Sitzung „%1“</translation>
    </message>
    <message>
        <source>the FTS5 query is not valid: %1</source>
        <translation>die FTS5-Abfrage ist ungültig: %1</translation>
    </message>
    <message>
        <source>read the phrase index</source>
        <translation>Phrasenindex lesen</translation>
    </message>
    <message>
        <source>index word pairs</source>
        <translation>Wortpaare indizieren</translation>
    </message>
    <message>
        <source>take word pairs out of the index</source>
        <translation>Wortpaare aus dem Index entfernen</translation>
    </message>
</context>
<context>
    <name>valis::TurnVersionGenerator</name>
    <message>
        <source>the model took too long</source>
        <translation>das Modell hat zu lange gebraucht</translation>
    </message>
    <message>
        <source>the model&apos;s versions of turn %1 could not be made, so its extractive versions stay: %2</source>
        <translation>die Versionen des Modells für Runde %1 konnten nicht erstellt werden, daher bleiben ihre extraktiven Versionen: %2</translation>
    </message>
    <message>
        <source>the model&apos;s answer for the versions of turn %1 lacks the &lt;smoothed&gt;, &lt;compressed&gt; and &lt;tiny&gt; sections, so its extractive versions stay</source>
        <translation>der Antwort des Modells für die Versionen von Runde %1 fehlen die Abschnitte &lt;smoothed&gt;, &lt;compressed&gt; und &lt;tiny&gt;, daher bleiben ihre extraktiven Versionen</translation>
    </message>
    <message>
        <source>the model&apos;s versions of turn %1 could not be stored: %2</source>
        <translation>die Versionen des Modells für Runde %1 konnten nicht gespeichert werden: %2</translation>
    </message>
</context>
<context>
    <name>valis::UsageReport</name>
    <message>
        <source>read the sessions</source>
        <translation>Lesen der Sitzungen</translation>
    </message>
    <message>
        <source>read the usage</source>
        <translation>Lesen der Nutzung</translation>
    </message>
    <message>
        <source>read the compactions</source>
        <translation>Lesen der Verdichtungen</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a date: use YYYY-MM-DD, a number of days such as 7d or 30d, or all</source>
        <translation>„%1“ ist kein Datum: verwenden Sie JJJJ-MM-TT, eine Anzahl Tage wie 7d oder 30d, oder all</translation>
    </message>
    <message>
        <source>there is no session database here</source>
        <translation>hier gibt es keine Sitzungsdatenbank</translation>
    </message>
    <message>
        <source>cannot open the database</source>
        <translation>die Datenbank kann nicht geöffnet werden</translation>
    </message>
</context>
<context>
    <name>valis::UsageView</name>
    <message>
        <source>million tokens</source>
        <translation>Millionen Tokens</translation>
    </message>
    <message>
        <source>thousand tokens</source>
        <translation>Tausend Tokens</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Cost per day (USD)</source>
        <translation>Kosten pro Tag (USD)</translation>
    </message>
    <message>
        <source>other models</source>
        <translation>andere Modelle</translation>
    </message>
    <message>
        <source>USD</source>
        <translation>USD</translation>
    </message>
    <message>
        <source>Tokens per day</source>
        <translation>Tokens pro Tag</translation>
    </message>
    <message>
        <source>input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>cache read</source>
        <translation>Cache gelesen</translation>
    </message>
    <message>
        <source>cache write</source>
        <translation>Cache geschrieben</translation>
    </message>
    <message>
        <source>output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Cost by provider and model</source>
        <translation>Kosten nach Anbieter und Modell</translation>
    </message>
    <message>
        <source>Tokens by provider and model (no known prices)</source>
        <translation>Tokens nach Anbieter und Modell (keine bekannten Preise)</translation>
    </message>
    <message>
        <source>Costliest sessions (USD)</source>
        <translation>Teuerste Sitzungen (USD)</translation>
    </message>
    <message>
        <source>sessions, costliest first</source>
        <translation>Sitzungen, teuerste zuerst</translation>
    </message>
    <message>
        <source>Read from the prompt cache (%)</source>
        <translation>Aus dem Prompt-Cache gelesen (%)</translation>
    </message>
    <message>
        <source>cache-read share</source>
        <translation>Anteil aus dem Cache</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>Compactions: %1, cache writes %2</source>
        <translation>Verdichtungen: %1, Cache-Schreibvorgänge %2</translation>
    </message>
    <message>
        <source>tokens taken out of requests</source>
        <translation>aus Anfragen entfernte Tokens</translation>
    </message>
    <message>
        <source>Usage and cost</source>
        <translation>Nutzung und Kosten</translation>
    </message>
    <message>
        <source>&amp;Period:</source>
        <translation>&amp;Zeitraum:</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>Gesamter Zeitraum</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Refresh the usage</source>
        <translation>Die Nutzung aktualisieren</translation>
    </message>
    <message>
        <source>Usage status</source>
        <translation>Nutzungsstatus</translation>
    </message>
    <message>
        <source>Total cost</source>
        <translation>Gesamtkosten</translation>
    </message>
    <message>
        <source>Tokens sent and generated</source>
        <translation>Gesendete und erzeugte Tokens</translation>
    </message>
    <message>
        <source>Share read from the cache</source>
        <translation>Aus dem Cache gelesener Anteil</translation>
    </message>
    <message>
        <source>Compactions</source>
        <translation>Verdichtungen</translation>
    </message>
    <message>
        <source>Cost per day</source>
        <translation>Kosten pro Tag</translation>
    </message>
    <message>
        <source>Costliest sessions</source>
        <translation>Teuerste Sitzungen</translation>
    </message>
    <message>
        <source>Cache-read share per day</source>
        <translation>Anteil aus dem Cache pro Tag</translation>
    </message>
    <message>
        <source>Compactions and their savings</source>
        <translation>Verdichtungen und ihre Einsparungen</translation>
    </message>
    <message>
        <source>Reading the sessions…</source>
        <translation>Sitzungen werden gelesen…</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+ %n unpriced)</source>
        <translation>
            <numerusform>%1 (+ %n ohne Preis)</numerusform>
            <numerusform>%1 (+ %n ohne Preis)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 sent · %2 generated</source>
        <translation>%1 gesendet · %2 erzeugt</translation>
    </message>
    <message numerus="yes">
        <source>%n compaction(s), %1 tokens saved</source>
        <translation>
            <numerusform>%n Verdichtung, %1 Tokens gespart</numerusform>
            <numerusform>%n Verdichtungen, %1 Tokens gespart</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens sent (%2 uncached input, %3 read from the cache, %4 written to it), %5 generated</source>
        <translation>%1 Tokens gesendet (%2 ungecachte Eingabe, %3 aus dem Cache gelesen, %4 in ihn geschrieben), %5 erzeugt</translation>
    </message>
    <message>
        <source>The usage could not be read: %1</source>
        <translation>Die Nutzung konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>No model requests with recorded usage in this period.</source>
        <translation>Keine Modellanfragen mit aufgezeichneter Nutzung in diesem Zeitraum.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) in %1 session(s)</source>
        <translation>
            <numerusform>%n Anfrage in %1 Sitzung(en)</numerusform>
            <numerusform>%n Anfragen in %1 Sitzung(en)</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Usage and cost…</source>
        <translation>&amp;Nutzung und Kosten…</translation>
    </message>
</context>
<context>
    <name>valis::ValisJsonlImporter</name>
    <message>
        <source>Valis JSONL export</source>
        <translation>Valis-JSONL-Export</translation>
    </message>
    <message>
        <source>not a Valis export: the first line must be the valis-export header</source>
        <translation>kein Valis-Export: die erste Zeile muss der valis-export-Header sein</translation>
    </message>
    <message>
        <source>the export is format version %1; this Valis reads up to %2</source>
        <translation>der Export hat Formatversion %1; dieses Valis liest bis %2</translation>
    </message>
    <message>
        <source>session %1 appears twice</source>
        <translation>Sitzung %1 kommt doppelt vor</translation>
    </message>
    <message>
        <source>message for unknown session &quot;%1&quot;</source>
        <translation>Nachricht für unbekannte Sitzung „%1“</translation>
    </message>
    <message>
        <source>the blob&apos;s data does not match its reference %1</source>
        <translation>die Daten des Blobs passen nicht zu seiner Referenz %1</translation>
    </message>
    <message>
        <source>unknown line type &quot;%1&quot;</source>
        <translation>unbekannter Zeilentyp „%1“</translation>
    </message>
    <message>
        <source>message %1 refers to images the export does not contain: %2</source>
        <translation>Nachricht %1 verweist auf Bilder, die der Export nicht enthält: %2</translation>
    </message>
</context>
<context>
    <name>valis::VectorIndex</name>
    <message>
        <source>the vector store holds vectors of another length for %1</source>
        <translation>der Vektorspeicher enthält für %1 Vektoren einer anderen Länge</translation>
    </message>
    <message>
        <source>a vector index needs a length</source>
        <translation>ein Vektorindex braucht eine Länge</translation>
    </message>
    <message>
        <source>a vector of %1 dimensions for an index of %2</source>
        <translation>ein Vektor mit %1 Dimensionen für einen Index mit %2</translation>
    </message>
    <message>
        <source>cannot create the folder of the vector index</source>
        <translation>der Ordner des Vektorindex kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write the vector index</source>
        <translation>der Vektorindex kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>cannot replace the vector index: %1</source>
        <translation>der Vektorindex kann nicht ersetzt werden: %1</translation>
    </message>
    <message>
        <source>cannot write the header of the vector index</source>
        <translation>der Kopf des Vektorindex kann nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>valis::VectorMemory</name>
    <message>
        <source>vector recall needs the session database</source>
        <translation>der Vektorabruf braucht die Sitzungsdatenbank</translation>
    </message>
</context>
<context>
    <name>valis::VectorRetriever</name>
    <message>
        <source>reading the session database: %1</source>
        <translation>beim Lesen der Sitzungsdatenbank: %1</translation>
    </message>
    <message>
        <source>the embedding client has stopped</source>
        <translation>der Embedding-Client wurde beendet</translation>
    </message>
    <message>
        <source>the question&apos;s vector has %1 dimensions, the stored ones %2</source>
        <translation>der Vektor der Frage hat %1 Dimensionen, die gespeicherten %2</translation>
    </message>
    <message>
        <source>embeddings are off (recall is lexical only)</source>
        <translation>Embeddings sind deaktiviert (der Abruf ist rein lexikalisch)</translation>
    </message>
</context>
<context>
    <name>valis::VectorStore</name>
    <message>
        <source>vector store: %1: %2</source>
        <translation>Vektorspeicher: %1: %2</translation>
    </message>
    <message>
        <source>cannot set up the vector tables</source>
        <translation>die Vektortabellen können nicht eingerichtet werden</translation>
    </message>
    <message>
        <source>cannot create the folder of the vector store</source>
        <translation>der Ordner des Vektorspeichers kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>one call stores items of one kind</source>
        <translation>ein Aufruf speichert Elemente nur einer Art</translation>
    </message>
</context>
<context>
    <name>valis::WelcomeView</name>
    <message>
        <source>&lt;h2&gt;Welcome to Valis&lt;/h2&gt;&lt;p&gt;Three ways to begin. Nothing is sent anywhere until you choose.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Willkommen bei Valis&lt;/h2&gt;&lt;p&gt;Drei Wege zu beginnen. Nichts wird irgendwohin gesendet, bevor Sie es wählen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Use a hosted model</source>
        <translation>Ein gehostetes Modell verwenden</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>OpenAI-kompatibler Server</translation>
    </message>
    <message>
        <source>API key (kept in your system keychain)</source>
        <translation>API-Schlüssel (im Schlüsselbund des Systems aufbewahrt)</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>Schlüssel speichern</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>Anbieter:</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>Schlüssel:</translation>
    </message>
    <message>
        <source>Use a model on this machine</source>
        <translation>Ein Modell auf diesem Rechner verwenden</translation>
    </message>
    <message>
        <source>Look again</source>
        <translation>Erneut suchen</translation>
    </message>
    <message>
        <source>Bring your other agents&apos; sessions</source>
        <translation>Sitzungen anderer Agenten übernehmen</translation>
    </message>
    <message>
        <source>Import the checked folders</source>
        <translation>Markierte Ordner importieren</translation>
    </message>
    <message>
        <source>Looking for other agents&apos; sessions…</source>
        <translation>Suche nach Sitzungen anderer Agenten…</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>Importiere…</translation>
    </message>
    <message>
        <source>Paste the key first.</source>
        <translation>Fügen Sie zuerst den Schlüssel ein.</translation>
    </message>
    <message>
        <source>There is no keychain to keep the key in; set the provider&apos;s environment variable instead.</source>
        <translation>Es gibt keinen Schlüsselbund für den Schlüssel; setzen Sie stattdessen die Umgebungsvariable des Anbieters.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Speichere…</translation>
    </message>
    <message>
        <source>The key was not saved: %1</source>
        <translation>Der Schlüssel wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Saved in your keychain for %1.</source>
        <translation>Im Schlüsselbund für %1 gespeichert.</translation>
    </message>
    <message>
        <source>Looking for local model servers…</source>
        <translation>Suche nach lokalen Modellservern…</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Double-click to talk to %1 on %2</source>
        <translation>Doppelklick, um mit %1 auf %2 zu sprechen</translation>
    </message>
    <message>
        <source>Double-click a model to start with it.</source>
        <translation>Doppelklicken Sie auf ein Modell, um damit zu beginnen.</translation>
    </message>
    <message>
        <source>No local model server answered (Ollama at localhost:11434, LM Studio at :1234, llama.cpp at :8080).</source>
        <translation>Kein lokaler Modellserver hat geantwortet (Ollama auf localhost:11434, LM Studio auf :1234, llama.cpp auf :8080).</translation>
    </message>
    <message>
        <source>%1: 1 transcript in %2</source>
        <translation>%1: 1 Transkript in %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n transcripts in %2</source>
        <translation>
            <numerusform>%1: %n Transkript in %2</numerusform>
            <numerusform>%1: %n Transkripte in %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Found on this machine (imported only when you click):</source>
        <translation>Auf diesem Rechner gefunden (importiert erst, wenn Sie klicken):</translation>
    </message>
    <message>
        <source>No Claude Code or Codex sessions were found on this machine.</source>
        <translation>Auf diesem Rechner wurden keine Sitzungen von Claude Code oder Codex gefunden.</translation>
    </message>
    <message>
        <source>Imported sessions: %1, messages: %2.</source>
        <translation>Importierte Sitzungen: %1, Nachrichten: %2.</translation>
    </message>
    <message>
        <source>Not imported: %1 files (the first: %2).</source>
        <translation>Nicht importiert: %1 Dateien (die erste: %2).</translation>
    </message>
    <message>
        <source>Local models</source>
        <translation>Lokale Modelle</translation>
    </message>
    <message>
        <source>Sessions to import</source>
        <translation>Zu importierende Sitzungen</translation>
    </message>
</context>
<context>
    <name>valis::WindowLayout</name>
    <message>
        <source>Sessions</source>
        <translation>Sitzungen</translation>
    </message>
</context>
<context>
    <name>valis::cli</name>
    <message>
        <source>Try &apos;valis-cli %1 --help&apos;.</source>
        <translation>Versuchen Sie „valis-cli %1 --help“.</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>Diese Hilfe anzeigen.</translation>
    </message>
    <message>
        <source>Import agent transcripts (Claude Code, Codex, SWE-agent, OpenHands, Aider, Valis JSONL)</source>
        <translation>Agenten-Verläufe importieren (Claude Code, Codex, SWE-agent, OpenHands, Aider, Valis JSONL)</translation>
    </message>
    <message>
        <source>Export sessions as lossless JSONL or readable Markdown</source>
        <translation>Sitzungen als verlustfreies JSONL oder lesbares Markdown exportieren</translation>
    </message>
    <message>
        <source>List sessions</source>
        <translation>Sitzungen auflisten</translation>
    </message>
    <message>
        <source>Print a session&apos;s messages</source>
        <translation>Die Nachrichten einer Sitzung ausgeben</translation>
    </message>
    <message>
        <source>Search all transcripts, tool outputs included, ranked</source>
        <translation>Alle Verläufe durchsuchen, Werkzeugausgaben eingeschlossen, nach Relevanz sortiert</translation>
    </message>
    <message>
        <source>List plugins with their state and errors; enable or disable one</source>
        <translation>Plugins mit Zustand und Fehlern auflisten; eines aktivieren oder deaktivieren</translation>
    </message>
    <message>
        <source>List known models or look names up in the model catalogue</source>
        <translation>Bekannte Modelle auflisten oder Namen im Modellkatalog nachschlagen</translation>
    </message>
    <message>
        <source>Usage: valis-cli [--home DIR] &lt;command&gt; [options]</source>
        <translation>Aufruf: valis-cli [--home DIR] &lt;Befehl&gt; [Optionen]</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>Befehle:</translation>
    </message>
    <message>
        <source>Global options:</source>
        <translation>Globale Optionen:</translation>
    </message>
    <message>
        <source>Use DIR for all of Valis&apos;s files instead of the standard locations (also: VALIS_HOME)</source>
        <translation>DIR für alle Dateien von Valis statt der Standardorte verwenden (auch: VALIS_HOME)</translation>
    </message>
    <message>
        <source>Show this help; &apos;valis-cli &lt;command&gt; --help&apos; shows a command&apos;s</source>
        <translation>Diese Hilfe anzeigen; „valis-cli &lt;Befehl&gt; --help“ zeigt die eines Befehls</translation>
    </message>
    <message>
        <source>--home needs a folder</source>
        <translation>--home braucht einen Ordner</translation>
    </message>
    <message>
        <source>valis-cli: unknown command &quot;%1&quot;.</source>
        <translation>valis-cli: unbekannter Befehl „%1“.</translation>
    </message>
    <message>
        <source>Ids of the sessions to export.</source>
        <translation>IDs der zu exportierenden Sitzungen.</translation>
    </message>
    <message>
        <source>jsonl (lossless, re-importable; default) or markdown.</source>
        <translation>jsonl (verlustfrei, wieder importierbar; Standard) oder markdown.</translation>
    </message>
    <message>
        <source>Write to FILE (replaced atomically) instead of standard output.</source>
        <translation>In FILE schreiben (atomar ersetzt) statt auf die Standardausgabe.</translation>
    </message>
    <message>
        <source>Also export the sessions these started (subagents).</source>
        <translation>Auch die von diesen gestarteten Sitzungen (Subagenten) exportieren.</translation>
    </message>
    <message>
        <source>Exports sessions from the session store.</source>
        <translation>Exportiert Sitzungen aus dem Sitzungsspeicher.</translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot;: use jsonl or markdown</source>
        <translation>unbekanntes Format „%1“: verwenden Sie jsonl oder markdown</translation>
    </message>
    <message>
        <source>name at least one session (see &apos;valis-cli sessions&apos;)</source>
        <translation>geben Sie mindestens eine Sitzung an (siehe „valis-cli sessions“)</translation>
    </message>
    <message>
        <source>Words that must all occur; &quot;quoted words&quot; as a phrase; word* as a prefix.</source>
        <translation>Wörter, die alle vorkommen müssen; &quot;Wörter in Anführungszeichen&quot; als Phrase; wort* als Präfix.</translation>
    </message>
    <message>
        <source>Keep only hits whose passage matches RE.</source>
        <translation>Nur Treffer behalten, deren Passage auf RE passt.</translation>
    </message>
    <message>
        <source>Search one session only.</source>
        <translation>Nur eine Sitzung durchsuchen.</translation>
    </message>
    <message>
        <source>Only messages of ROLE: system, user, assistant or tool.</source>
        <translation>Nur Nachrichten der Rolle ROLE: system, user, assistant oder tool.</translation>
    </message>
    <message>
        <source>Only calls of, and results from, the tool NAME.</source>
        <translation>Nur Aufrufe und Ergebnisse des Werkzeugs NAME.</translation>
    </message>
    <message>
        <source>At most N hits (default 50).</source>
        <translation>Höchstens N Treffer (Standard 50).</translation>
    </message>
    <message>
        <source>Take WORDS as an SQLite FTS5 query (AND, OR, NOT, NEAR, ...).</source>
        <translation>WORDS als SQLite-FTS5-Abfrage auffassen (AND, OR, NOT, NEAR, ...).</translation>
    </message>
    <message>
        <source>One JSON object per hit.</source>
        <translation>Ein JSON-Objekt pro Treffer.</translation>
    </message>
    <message>
        <source>Searches every stored transcript, tool arguments and outputs included. Hits are passages ranked by relevance (bm25), newest part of the record first. Exits with 1 when nothing is found.</source>
        <translation>Durchsucht alle gespeicherten Verläufe, Werkzeugargumente und -ausgaben eingeschlossen. Treffer sind Passagen, nach Relevanz (bm25) sortiert, der neueste Teil des Verlaufs zuerst. Endet mit 1, wenn nichts gefunden wird.</translation>
    </message>
    <message>
        <source>give words to search for</source>
        <translation>geben Sie Wörter an, nach denen gesucht werden soll</translation>
    </message>
    <message>
        <source>unknown role &quot;%1&quot;: use system, user, assistant or tool</source>
        <translation>unbekannte Rolle „%1“: verwenden Sie system, user, assistant oder tool</translation>
    </message>
    <message>
        <source>--limit needs a positive number</source>
        <translation>--limit braucht eine positive Zahl</translation>
    </message>
    <message>
        <source>Transcript files, or folders to search for them.</source>
        <translation>Verlaufsdateien oder Ordner, in denen nach ihnen gesucht wird.</translation>
    </message>
    <message>
        <source>Read the files as FORMAT instead of detecting it.</source>
        <translation>Die Dateien als FORMAT lesen, statt es zu erkennen.</translation>
    </message>
    <message>
        <source>Read and check the files, store nothing.</source>
        <translation>Die Dateien lesen und prüfen, nichts speichern.</translation>
    </message>
    <message>
        <source>List the formats Valis can import.</source>
        <translation>Die Formate auflisten, die Valis importieren kann.</translation>
    </message>
    <message>
        <source>Print only errors.</source>
        <translation>Nur Fehler ausgeben.</translation>
    </message>
    <message>
        <source>Imports other agents&apos; transcripts into the session store. Each file is imported whole or not at all; importing a file again adds only the messages that are new.</source>
        <translation>Importiert Verläufe anderer Agenten in den Sitzungsspeicher. Jede Datei wird ganz oder gar nicht importiert; ein erneuter Import einer Datei fügt nur die neuen Nachrichten hinzu.</translation>
    </message>
    <message>
        <source>name at least one file or folder to import</source>
        <translation>geben Sie mindestens eine Datei oder einen Ordner zum Importieren an</translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot; (see --list-formats)</source>
        <translation>unbekanntes Format „%1“ (siehe --list-formats)</translation>
    </message>
    <message>
        <source>valis-cli import: no transcripts found in %1</source>
        <translation>valis-cli import: keine Verläufe in %1 gefunden</translation>
    </message>
    <message>
        <source>%1 (%2): %3 sessions, %4 messages, readable</source>
        <translation>%1 (%2): %3 Sitzungen, %4 Nachrichten, lesbar</translation>
    </message>
    <message>
        <source>%1 (%2): %3 sessions, %4 new messages, %5 already present, %6 s</source>
        <translation>%1 (%2): %3 Sitzungen, %4 neue Nachrichten, %5 bereits vorhanden, %6 s</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Model names to look up (any spelling a provider uses).</source>
        <translation>Nachzuschlagende Modellnamen (in jeder Schreibweise, die ein Anbieter verwendet).</translation>
    </message>
    <message>
        <source>One JSON object per model.</source>
        <translation>Ein JSON-Objekt pro Modell.</translation>
    </message>
    <message>
        <source>Say where the built-in figures come from.</source>
        <translation>Angeben, woher die eingebauten Angaben stammen.</translation>
    </message>
    <message>
        <source>Lists the model catalogue (context window, output limit, prices per million tokens), or looks names up in it. Your additions and corrections go in %1.</source>
        <translation>Listet den Modellkatalog auf (Kontextfenster, Ausgabelimit, Preise pro Million Tokens) oder schlägt Namen darin nach. Ihre Ergänzungen und Korrekturen gehören in %1.</translation>
    </message>
    <message>
        <source>error: </source>
        <translation>Fehler: </translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>Warnung: </translation>
    </message>
    <message>
        <source>Built-in figures checked %1 from:</source>
        <translation>Eingebaute Angaben, am %1 geprüft anhand von:</translation>
    </message>
    <message>
        <source>window %1, output %2 tokens</source>
        <translation>Fenster %1, Ausgabe %2 Tokens</translation>
    </message>
    <message>
        <source>per million tokens: input %1, output %2, cache write %3, cache read %4</source>
        <translation>pro Million Tokens: Eingabe %1, Ausgabe %2, Cache-Schreiben %3, Cache-Lesen %4</translation>
    </message>
    <message>
        <source>MODEL</source>
        <translation>MODELL</translation>
    </message>
    <message>
        <source>WINDOW</source>
        <translation>FENSTER</translation>
    </message>
    <message>
        <source>OUTPUT</source>
        <translation>AUSGABE</translation>
    </message>
    <message>
        <source>INPUT</source>
        <translation>EINGABE</translation>
    </message>
    <message>
        <source>C.WRITE</source>
        <translation>C.SCHR.</translation>
    </message>
    <message>
        <source>C.READ</source>
        <translation>C.LESEN</translation>
    </message>
    <message>
        <source>Disable the plugin that was loading when Valis last died.</source>
        <translation>Das Plugin deaktivieren, das gerade geladen wurde, als Valis zuletzt abstürzte.</translation>
    </message>
    <message>
        <source>Only read and check metadata; run no plugin code.</source>
        <translation>Nur Metadaten lesen und prüfen; keinen Plugin-Code ausführen.</translation>
    </message>
    <message>
        <source>Load no plugin (list them only).</source>
        <translation>Kein Plugin laden (nur auflisten).</translation>
    </message>
    <message>
        <source>One JSON object per plugin.</source>
        <translation>Ein JSON-Objekt pro Plugin.</translation>
    </message>
    <message>
        <source>Lists the plugins Valis finds, with their state and, for those that cannot run, why. Plugins are loaded to check that they start, unless --no-load.</source>
        <translation>Listet die Plugins auf, die Valis findet, mit ihrem Zustand und, für die nicht lauffähigen, dem Grund. Plugins werden geladen, um zu prüfen, ob sie starten, außer bei --no-load.</translation>
    </message>
    <message>
        <source>no plugin with id &quot;%1&quot; was found</source>
        <translation>kein Plugin mit der ID „%1“ gefunden</translation>
    </message>
    <message>
        <source>%1 enabled; it loads from the next start.</source>
        <translation>%1 aktiviert; es wird ab dem nächsten Start geladen.</translation>
    </message>
    <message>
        <source>%1 disabled; it stays off from the next start.</source>
        <translation>%1 deaktiviert; es bleibt ab dem nächsten Start aus.</translation>
    </message>
    <message>
        <source>No plugins found in:</source>
        <translation>Keine Plugins gefunden in:</translation>
    </message>
    <message>
        <source>… %1 more lines (--full shows everything)</source>
        <translation>… %1 weitere Zeilen (--full zeigt alles)</translation>
    </message>
    <message>
        <source>(thinking)</source>
        <translation>(Nachdenken)</translation>
    </message>
    <message>
        <source>[redacted]</source>
        <translation>[geschwärzt]</translation>
    </message>
    <message>
        <source>result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source> (error)</source>
        <translation> (Fehler)</translation>
    </message>
    <message>
        <source>[image %1 %2]</source>
        <translation>[Bild %1 %2]</translation>
    </message>
    <message>
        <source>Only sessions from ORIGIN (valis, claude-code, codex, ...).</source>
        <translation>Nur Sitzungen aus ORIGIN (valis, claude-code, codex, ...).</translation>
    </message>
    <message>
        <source>Include archived sessions.</source>
        <translation>Archivierte Sitzungen einschließen.</translation>
    </message>
    <message>
        <source>Show at most N sessions, newest first.</source>
        <translation>Höchstens N Sitzungen zeigen, neueste zuerst.</translation>
    </message>
    <message>
        <source>One JSON object per session.</source>
        <translation>Ein JSON-Objekt pro Sitzung.</translation>
    </message>
    <message>
        <source>Lists the sessions of the store, most recently active first.</source>
        <translation>Listet die Sitzungen des Speichers auf, zuletzt aktive zuerst.</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation>unerwartetes Argument „%1“</translation>
    </message>
    <message>
        <source>--limit needs a number</source>
        <translation>--limit braucht eine Zahl</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>UPDATED</source>
        <translation>AKTUALISIERT</translation>
    </message>
    <message>
        <source>MSGS</source>
        <translation>NACHR.</translation>
    </message>
    <message>
        <source>ORIGIN</source>
        <translation>HERKUNFT</translation>
    </message>
    <message>
        <source>TITLE</source>
        <translation>TITEL</translation>
    </message>
    <message>
        <source>The session to print.</source>
        <translation>Die auszugebende Sitzung.</translation>
    </message>
    <message>
        <source>Start at message number SEQ.</source>
        <translation>Bei Nachricht Nummer SEQ beginnen.</translation>
    </message>
    <message>
        <source>Print at most N messages.</source>
        <translation>Höchstens N Nachrichten ausgeben.</translation>
    </message>
    <message>
        <source>Print long texts and tool outputs whole.</source>
        <translation>Lange Texte und Werkzeugausgaben vollständig ausgeben.</translation>
    </message>
    <message>
        <source>One JSON object per message, in the record&apos;s own form.</source>
        <translation>Ein JSON-Objekt pro Nachricht, im eigenen Format des Verlaufs.</translation>
    </message>
    <message>
        <source>Prints a session&apos;s messages.</source>
        <translation>Gibt die Nachrichten einer Sitzung aus.</translation>
    </message>
    <message>
        <source>name exactly one session</source>
        <translation>geben Sie genau eine Sitzung an</translation>
    </message>
    <message>
        <source>--from and --count need numbers</source>
        <translation>--from und --count brauchen Zahlen</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 messages</source>
        <translation>%1 · %2 · %3 Nachrichten</translation>
    </message>
    <message>
        <source>that is not a provider id (such as anthropic, openai, openai-compatible); the key itself is read from standard input</source>
        <translation>das ist keine Anbieter-ID (etwa anthropic, openai, openai-compatible); der Schlüssel selbst wird von der Standardeingabe gelesen</translation>
    </message>
    <message>
        <source>API key for %1 (typing is not shown): </source>
        <translation>API-Schlüssel für %1 (die Eingabe wird nicht angezeigt): </translation>
    </message>
    <message>
        <source>no key was given on standard input</source>
        <translation>auf der Standardeingabe wurde kein Schlüssel übergeben</translation>
    </message>
    <message>
        <source>the key contains spaces or control characters; give the key alone on one line</source>
        <translation>der Schlüssel enthält Leer- oder Steuerzeichen; geben Sie nur den Schlüssel in einer einzigen Zeile an</translation>
    </message>
    <message>
        <source>(account &quot;%1&quot;, shared)</source>
        <translation>(Konto „%1“, gemeinsam genutzt)</translation>
    </message>
    <message>
        <source>Stored the key for %1 in the keychain.</source>
        <translation>Der Schlüssel für %1 wurde im Schlüsselbund gespeichert.</translation>
    </message>
    <message>
        <source>The keychain holds no key for %1.</source>
        <translation>Der Schlüsselbund enthält keinen Schlüssel für %1.</translation>
    </message>
    <message>
        <source>Removed the key for %1 from the keychain.</source>
        <translation>Der Schlüssel für %1 wurde aus dem Schlüsselbund entfernt.</translation>
    </message>
    <message>
        <source>not set, and not needed by this provider (the keychain cannot be asked)</source>
        <translation>nicht gesetzt und für diesen Anbieter nicht nötig (der Schlüsselbund kann nicht abgefragt werden)</translation>
    </message>
    <message>
        <source>unknown: the keychain cannot be asked (see below)</source>
        <translation>unbekannt: der Schlüsselbund kann nicht abgefragt werden (siehe unten)</translation>
    </message>
    <message>
        <source>unknown: the keychain cannot be asked (see below), and %1 is not set</source>
        <translation>unbekannt: der Schlüsselbund kann nicht abgefragt werden (siehe unten), und %1 ist nicht gesetzt</translation>
    </message>
    <message>
        <source>set in the keychain</source>
        <translation>im Schlüsselbund gesetzt</translation>
    </message>
    <message>
        <source>%1 is set too, but the keychain comes first</source>
        <translation>%1 ist ebenfalls gesetzt, aber der Schlüsselbund hat Vorrang</translation>
    </message>
    <message>
        <source>set in %1</source>
        <translation>gesetzt in %1</translation>
    </message>
    <message>
        <source>%1, or %2</source>
        <translation>%1 oder %2</translation>
    </message>
    <message>
        <source>not set (%1)</source>
        <translation>nicht gesetzt (%1)</translation>
    </message>
    <message>
        <source>not set, and not needed by this provider (%1)</source>
        <translation>nicht gesetzt und für diesen Anbieter nicht nötig (%1)</translation>
    </message>
    <message>
        <source>set, remove or status (the default).</source>
        <translation>set, remove oder status (Standard).</translation>
    </message>
    <message>
        <source>Keeps API keys in the OS keychain. &apos;set PROVIDER&apos; reads the key from standard input (typed without echo at a terminal), never from the command line; &apos;remove PROVIDER&apos; deletes it; &apos;status&apos; shows, for each provider, whether a key is in the keychain or which environment variable supplies it, never the key. openai and openai-responses share one key.</source>
        <translation>Verwahrt API-Schlüssel im Schlüsselbund des Betriebssystems. „set PROVIDER“ liest den Schlüssel von der Standardeingabe (am Terminal ohne Echo eingegeben), nie von der Befehlszeile; „remove PROVIDER“ löscht ihn; „status“ zeigt für jeden Anbieter, ob ein Schlüssel im Schlüsselbund liegt oder welche Umgebungsvariable ihn liefert, nie den Schlüssel selbst. openai und openai-responses teilen sich einen Schlüssel.</translation>
    </message>
    <message>
        <source>unknown action; use set, remove or status</source>
        <translation>unbekannte Aktion; verwenden Sie set, remove oder status</translation>
    </message>
    <message>
        <source>name the provider, as in &apos;valis-cli keys %1 anthropic&apos;</source>
        <translation>geben Sie den Anbieter an, etwa „valis-cli keys %1 anthropic“</translation>
    </message>
    <message>
        <source>name one provider; the key is read from standard input, never from the command line</source>
        <translation>geben Sie einen Anbieter an; der Schlüssel wird von der Standardeingabe gelesen, nie von der Befehlszeile</translation>
    </message>
    <message>
        <source>name one provider</source>
        <translation>geben Sie einen Anbieter an</translation>
    </message>
    <message>
        <source> (+%1 lines)</source>
        <translation> (+%1 Zeilen)</translation>
    </message>
    <message>
        <source> (attempt %1)</source>
        <translation> (%1. Versuch)</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>, %1 ms: </source>
        <translation>, %1 ms: </translation>
    </message>
    <message>
        <source>retrying in %1 s (attempt %2): %3</source>
        <translation>neuer Versuch in %1 s (%2. Versuch): %3</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>$%1 + unknown</source>
        <translation>$%1 + unbekannt</translation>
    </message>
    <message>
        <source>[%1] %2 requests, %3 in + %4 cached, %5 out, cache hits %6%, %7</source>
        <translation>[%1] %2 Anfragen, %3 Eingabe + %4 aus dem Cache, %5 Ausgabe, Cache-Treffer %6 %, %7</translation>
    </message>
    <message>
        <source>Allow %1 %2?</source>
        <translation>%1 %2 erlauben?</translation>
    </message>
    <message>
        <source>  [y] once  [s] for this session  [a] always  [n] no (add a reason after it): </source>
        <translation>  [y] einmal  [s] für diese Sitzung  [a] immer  [n] nein (Begründung dahinter angeben): </translation>
    </message>
    <message>
        <source>no one was there to approve it (valis-cli run --approve decides what runs unasked)</source>
        <translation>niemand war da, um es freizugeben (valis-cli run --approve legt fest, was ohne Nachfrage läuft)</translation>
    </message>
    <message>
        <source>  y, s, a or n: </source>
        <translation>  y, s, a oder n: </translation>
    </message>
    <message>
        <source>not a command for a pending request: %1</source>
        <translation>kein Befehl für eine ausstehende Anfrage: %1</translation>
    </message>
    <message>
        <source>no provider &quot;%1&quot;: no provider plugin is running</source>
        <translation>kein Anbieter „%1“: es läuft kein Anbieter-Plugin</translation>
    </message>
    <message>
        <source>no provider &quot;%1&quot;; the providers are: %2</source>
        <translation>kein Anbieter „%1“; verfügbare Anbieter: %2</translation>
    </message>
    <message>
        <source>  plugin %1 is %2: %3</source>
        <translation>  Plugin %1 ist %2: %3</translation>
    </message>
    <message>
        <source>The provider: anthropic, openai, openai-responses, openai-compatible, ... (default: the settings&apos; defaultProvider).</source>
        <translation>Der Anbieter: anthropic, openai, openai-responses, openai-compatible, ... (Standard: defaultProvider aus den Einstellungen).</translation>
    </message>
    <message>
        <source>The model (default: the provider&apos;s model in the settings).</source>
        <translation>Das Modell (Standard: das Modell des Anbieters in den Einstellungen).</translation>
    </message>
    <message>
        <source>The folder the agent works in (default: the current folder).</source>
        <translation>Der Ordner, in dem der Agent arbeitet (Standard: der aktuelle Ordner).</translation>
    </message>
    <message>
        <source>Which tool calls run without asking: never, read-only (default) or all. Others are asked on the terminal, or denied when nobody can answer.</source>
        <translation>Welche Werkzeugaufrufe ohne Nachfrage laufen: never, read-only (Standard) oder all. Bei anderen wird am Terminal nachgefragt, oder sie werden abgelehnt, wenn niemand antworten kann.</translation>
    </message>
    <message>
        <source>Send requests here instead (overrides the settings and ANTHROPIC_BASE_URL / OPENAI_BASE_URL / OLLAMA_HOST).</source>
        <translation>Anfragen stattdessen hierhin senden (überschreibt die Einstellungen und ANTHROPIC_BASE_URL / OPENAI_BASE_URL / OLLAMA_HOST).</translation>
    </message>
    <message>
        <source>Continue this session instead of starting a new one.</source>
        <translation>Diese Sitzung fortsetzen, statt eine neue zu beginnen.</translation>
    </message>
    <message>
        <source>Use this system prompt instead of the default.</source>
        <translation>Diesen System-Prompt statt des Standard-Prompts verwenden.</translation>
    </message>
    <message>
        <source>At most this many model requests in the turn (default 50).</source>
        <translation>Höchstens so viele Modellanfragen in der Runde (Standard 50).</translation>
    </message>
    <message>
        <source>Stop the turn once it has cost this many US dollars.</source>
        <translation>Die Runde anhalten, sobald sie so viele US-Dollar gekostet hat.</translation>
    </message>
    <message>
        <source>The output limit of each request (default: the model&apos;s).</source>
        <translation>Das Ausgabelimit jeder Anfrage (Standard: das des Modells).</translation>
    </message>
    <message>
        <source>Print the model&apos;s thinking (to standard error).</source>
        <translation>Das Nachdenken des Modells ausgeben (auf die Standardfehlerausgabe).</translation>
    </message>
    <message>
        <source>Do not ask the OS keychain for the key; use the environment only.</source>
        <translation>Den Schlüssel nicht aus dem Schlüsselbund des Betriebssystems holen; nur die Umgebung verwenden.</translation>
    </message>
    <message>
        <source>What to ask; &quot;-&quot; or nothing reads it from standard input.</source>
        <translation>Was gefragt werden soll; „-“ oder nichts liest es von der Standardeingabe.</translation>
    </message>
    <message>
        <source>Runs one turn of an agent session headless: streams the answer, shows tool activity and asks for approvals. The session is stored like any other.</source>
        <translation>Führt eine Runde einer Agentensitzung ohne Oberfläche aus: streamt die Antwort, zeigt Werkzeugaktivität und fragt nach Freigaben. Die Sitzung wird wie jede andere gespeichert.</translation>
    </message>
    <message>
        <source>--approve takes never, read-only or all, not &quot;%1&quot;</source>
        <translation>--approve erwartet never, read-only oder all, nicht „%1“</translation>
    </message>
    <message>
        <source>--max-steps takes a whole number of at least 1</source>
        <translation>--max-steps erwartet eine ganze Zahl von mindestens 1</translation>
    </message>
    <message>
        <source>--max-cost takes a positive number of US dollars</source>
        <translation>--max-cost erwartet einen positiven Betrag in US-Dollar</translation>
    </message>
    <message>
        <source>--max-output-tokens takes a positive whole number</source>
        <translation>--max-output-tokens erwartet eine positive ganze Zahl</translation>
    </message>
    <message>
        <source>the workspace %1 is not a folder</source>
        <translation>der Arbeitsbereich %1 ist kein Ordner</translation>
    </message>
    <message>
        <source>say what to ask, as an argument or on standard input</source>
        <translation>geben Sie an, was gefragt werden soll, als Argument oder über die Standardeingabe</translation>
    </message>
    <message>
        <source>the prompt is empty</source>
        <translation>der Prompt ist leer</translation>
    </message>
    <message>
        <source>choose a provider with --provider (or set defaultProvider in %1)</source>
        <translation>wählen Sie einen Anbieter mit --provider (oder setzen Sie defaultProvider in %1)</translation>
    </message>
    <message>
        <source>choose a model with --model (or set providers.%1.model in %2)</source>
        <translation>wählen Sie ein Modell mit --model (oder setzen Sie providers.%1.model in %2)</translation>
    </message>
    <message>
        <source>Run one agent turn headless: stream the answer, show tool calls, ask for approvals</source>
        <translation>Eine Agentenrunde ohne Oberfläche ausführen: Antwort streamen, Werkzeugaufrufe zeigen, nach Freigaben fragen</translation>
    </message>
    <message>
        <source>Store, remove or check API keys in the OS keychain</source>
        <translation>API-Schlüssel im Schlüsselbund des Betriebssystems speichern, entfernen oder prüfen</translation>
    </message>
    <message>
        <source>Print every tool with its full description and JSON schema.</source>
        <translation>Jedes Werkzeug mit vollständiger Beschreibung und JSON-Schema ausgeben.</translation>
    </message>
    <message>
        <source>Lists the tools the agent is offered (from the installed tool plugins, limited to the tool pack), with their input schemas.</source>
        <translation>Listet die Werkzeuge auf, die dem Agenten angeboten werden (aus den installierten Werkzeug-Plugins, beschränkt auf das Werkzeugpaket), mit ihren Eingabeschemas.</translation>
    </message>
    <message>
        <source>read-only  </source>
        <translation>nur Lesen  </translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s), pack &quot;%1&quot;; %2</source>
        <translation>
            <numerusform>%n Werkzeug, Paket „%1“; %2</numerusform>
            <numerusform>%n Werkzeuge, Paket „%1“; %2</numerusform>
        </translation>
    </message>
    <message>
        <source>warning: two tools share a name: %1</source>
        <translation>Warnung: zwei Werkzeuge haben denselben Namen: %1</translation>
    </message>
    <message>
        <source>The call&apos;s arguments as a JSON object (default {}); @FILE reads them from FILE, - from standard input.</source>
        <translation>Die Argumente des Aufrufs als JSON-Objekt (Standard {}); @FILE liest sie aus FILE, - von der Standardeingabe.</translation>
    </message>
    <message>
        <source>The folder the tool works in (default: the current folder).</source>
        <translation>Der Ordner, in dem das Werkzeug arbeitet (Standard: der aktuelle Ordner).</translation>
    </message>
    <message>
        <source>Print the result as the record&apos;s JSON (a tool_result part).</source>
        <translation>Das Ergebnis als JSON des Verlaufs ausgeben (ein tool_result-Teil).</translation>
    </message>
    <message>
        <source>The tool to call (see valis-cli tools).</source>
        <translation>Das aufzurufende Werkzeug (siehe valis-cli tools).</translation>
    </message>
    <message>
        <source>Calls one tool exactly as the agent would: the same orchestrator, sandbox and path confinement, with this call approved by you (approval rules that deny the tool still apply). Prints the result the model would see; exits 1 when it is an error.</source>
        <translation>Ruft ein Werkzeug genau so auf, wie es der Agent täte: derselbe Orchestrator, dieselbe Sandbox und dieselbe Pfadbeschränkung, wobei Sie diesen Aufruf freigeben (Freigaberegeln, die das Werkzeug verbieten, gelten weiterhin). Gibt das Ergebnis aus, das das Modell sehen würde; endet mit 1, wenn es ein Fehler ist.</translation>
    </message>
    <message>
        <source>name exactly one tool</source>
        <translation>geben Sie genau ein Werkzeug an</translation>
    </message>
    <message>
        <source>cannot read standard input</source>
        <translation>die Standardeingabe kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>--args is not valid JSON: %1 (at byte %2)</source>
        <translation>--args ist kein gültiges JSON: %1 (bei Byte %2)</translation>
    </message>
    <message>
        <source>--args must be a JSON object</source>
        <translation>--args muss ein JSON-Objekt sein</translation>
    </message>
    <message>
        <source>there is no tool &quot;%1&quot; in pack &quot;%2&quot;; the tools are: %3</source>
        <translation>im Paket „%2“ gibt es kein Werkzeug „%1“; verfügbare Werkzeuge: %3</translation>
    </message>
    <message>
        <source>[image %1, %2 bytes]</source>
        <translation>[Bild %1, %2 Bytes]</translation>
    </message>
    <message>
        <source>List the tools the agent is offered, with their schemas</source>
        <translation>Die dem Agenten angebotenen Werkzeuge mit ihren Schemas auflisten</translation>
    </message>
    <message>
        <source>Call one tool exactly as the agent would</source>
        <translation>Ein Werkzeug genau so aufrufen, wie es der Agent täte</translation>
    </message>
    <message>
        <source>Where commands run: bwrap (isolated, the default), none (isolation OFF: plain processes with your permissions), or a sandbox id.</source>
        <translation>Wo Befehle laufen: bwrap (isoliert, Standard), none (Isolation AUS: normale Prozesse mit Ihren Rechten) oder eine Sandbox-ID.</translation>
    </message>
    <message>
        <source>Whether commands may reach the network: on or off (default: the settings&apos;, off).</source>
        <translation>Ob Befehle das Netzwerk erreichen dürfen: on oder off (Standard: laut Einstellungen, sonst off).</translation>
    </message>
    <message>
        <source>The tool pack: core, file-ops, research, all, or one of your own (default: the settings&apos;, all).</source>
        <translation>Das Werkzeugpaket: core, file-ops, research, all oder ein eigenes (Standard: laut Einstellungen, sonst all).</translation>
    </message>
    <message>
        <source>--network takes on or off, not &quot;%1&quot;</source>
        <translation>--network erwartet on oder off, nicht „%1“</translation>
    </message>
    <message>
        <source>--sandbox needs a value: bwrap, none or a sandbox id</source>
        <translation>--sandbox braucht einen Wert: bwrap, none oder eine Sandbox-ID</translation>
    </message>
    <message>
        <source>Similar keys: %1.</source>
        <translation>Ähnliche Schlüssel: %1.</translation>
    </message>
    <message>
        <source>Use this store for one run instead of config/memory.json&apos;s: sqlite:PATH or postgresql://USER@HOST:PORT/DATABASE.</source>
        <translation>Diesen Speicher für einen Lauf statt des in config/memory.json angegebenen verwenden: sqlite:PATH oder postgresql://USER@HOST:PORT/DATABASE.</translation>
    </message>
    <message>
        <source>Only records of agent AGENT.</source>
        <translation>Nur Einträge des Agenten AGENT.</translation>
    </message>
    <message>
        <source>Only records of type TYPE (command_output, tool_result, file_content, user_preference, note, memory_file, ...).</source>
        <translation>Nur Einträge vom Typ TYPE (command_output, tool_result, file_content, user_preference, note, memory_file, ...).</translation>
    </message>
    <message>
        <source>Only records of session SESSION.</source>
        <translation>Nur Einträge der Sitzung SESSION.</translation>
    </message>
    <message>
        <source>Include inactive records (removed ones and replaced versions of /memories/ files).</source>
        <translation>Inaktive Einträge einschließen (entfernte sowie ersetzte Versionen von /memories/-Dateien).</translation>
    </message>
    <message>
        <source>One JSON object per record.</source>
        <translation>Ein JSON-Objekt pro Eintrag.</translation>
    </message>
    <message>
        <source>--%1 needs a number of at least 1</source>
        <translation>--%1 braucht eine Zahl von mindestens 1</translation>
    </message>
    <message>
        <source>(inactive) %1</source>
        <translation>(inaktiv) %1</translation>
    </message>
    <message>
        <source>KEY</source>
        <translation>SCHLÜSSEL</translation>
    </message>
    <message>
        <source>CREATED</source>
        <translation>ERSTELLT</translation>
    </message>
    <message>
        <source>TYPE</source>
        <translation>TYP</translation>
    </message>
    <message>
        <source>AGENT</source>
        <translation>AGENT</translation>
    </message>
    <message>
        <source>SIZE</source>
        <translation>GRÖSSE</translation>
    </message>
    <message>
        <source>LINES</source>
        <translation>ZEILEN</translation>
    </message>
    <message>
        <source>SUMMARY</source>
        <translation>ZUSAMMENFASSUNG</translation>
    </message>
    <message>
        <source>Only /memories/ files (type memory_file).</source>
        <translation>Nur /memories/-Dateien (Typ memory_file).</translation>
    </message>
    <message>
        <source>Show at most N records, newest first (default 50).</source>
        <translation>Höchstens N Einträge zeigen, neueste zuerst (Standard 50).</translation>
    </message>
    <message>
        <source>Lists the memory&apos;s records, newest first.</source>
        <translation>Listet die Einträge des Gedächtnisses auf, neueste zuerst.</translation>
    </message>
    <message>
        <source>--files lists memory_file records; leave out --type</source>
        <translation>--files listet memory_file-Einträge auf; lassen Sie --type weg</translation>
    </message>
    <message>
        <source>No records.</source>
        <translation>Keine Einträge.</translation>
    </message>
    <message>
        <source>There are more records; --limit N shows more.</source>
        <translation>Es gibt weitere Einträge; --limit N zeigt mehr.</translation>
    </message>
    <message>
        <source>agent %1</source>
        <translation>Agent %1</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>Sitzung %1</translation>
    </message>
    <message>
        <source>inactive</source>
        <translation>inaktiv</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>metadata: %1</source>
        <translation>Metadaten: %1</translation>
    </message>
    <message>
        <source>lines %1-%2 of %3</source>
        <translation>Zeilen %1-%2 von %3</translation>
    </message>
    <message>
        <source>bytes %1-%2 of %3</source>
        <translation>Bytes %1-%2 von %3</translation>
    </message>
    <message>
        <source>%1 more (--offset %2)</source>
        <translation>%1 weitere (--offset %2)</translation>
    </message>
    <message>
        <source>%1 more (--bytes %2:%3)</source>
        <translation>%1 weitere (--bytes %2:%3)</translation>
    </message>
    <message>
        <source>Start at line N (from 1).</source>
        <translation>Bei Zeile N beginnen (ab 1).</translation>
    </message>
    <message>
        <source>Print at most N lines.</source>
        <translation>Höchstens N Zeilen ausgeben.</translation>
    </message>
    <message>
        <source>Print LENGTH bytes from byte OFFSET (from 0).</source>
        <translation>LENGTH Bytes ab Byte OFFSET ausgeben (ab 0).</translation>
    </message>
    <message>
        <source>The agent whose /memories/ file to show (default: config/tools.json&apos;s).</source>
        <translation>Der Agent, dessen /memories/-Datei angezeigt werden soll (Standard: der aus config/tools.json).</translation>
    </message>
    <message>
        <source>Print the record, the page and the content as one JSON object.</source>
        <translation>Eintrag, Seite und Inhalt als ein einziges JSON-Objekt ausgeben.</translation>
    </message>
    <message>
        <source>A key (m-3f9a2c), a [MemoryRef: ...] or a /memories/ path.</source>
        <translation>Ein Schlüssel (m-3f9a2c), ein [MemoryRef: ...] oder ein /memories/-Pfad.</translation>
    </message>
    <message>
        <source>Prints a record&apos;s content to standard output exactly as stored; what it is (key, type, summary, size, metadata) goes to standard error.</source>
        <translation>Gibt den Inhalt eines Eintrags genau so, wie er gespeichert ist, auf die Standardausgabe aus; die Angaben dazu (Schlüssel, Typ, Zusammenfassung, Größe, Metadaten) gehen auf die Standardfehlerausgabe.</translation>
    </message>
    <message>
        <source>name exactly one key</source>
        <translation>geben Sie genau einen Schlüssel an</translation>
    </message>
    <message>
        <source>use either --offset/--limit (lines) or --bytes, not both</source>
        <translation>verwenden Sie entweder --offset/--limit (Zeilen) oder --bytes, nicht beides</translation>
    </message>
    <message>
        <source>--offset and --limit need numbers of at least 1</source>
        <translation>--offset und --limit brauchen Zahlen von mindestens 1</translation>
    </message>
    <message>
        <source>--bytes needs OFFSET:LENGTH, as in --bytes 0:4096</source>
        <translation>--bytes braucht OFFSET:LENGTH, etwa --bytes 0:4096</translation>
    </message>
    <message>
        <source>Show at most N hits (default 20).</source>
        <translation>Höchstens N Treffer zeigen (Standard 20).</translation>
    </message>
    <message>
        <source>Words that must all occur (the last one as a prefix); &quot;quotes&quot; make a phrase.</source>
        <translation>Wörter, die alle vorkommen müssen (das letzte als Präfix); &quot;Anführungszeichen&quot; bilden eine Phrase.</translation>
    </message>
    <message>
        <source>Searches summaries, contents and /memories/ paths, best match first.</source>
        <translation>Durchsucht Zusammenfassungen, Inhalte und /memories/-Pfade, bester Treffer zuerst.</translation>
    </message>
    <message>
        <source>give the words to search for</source>
        <translation>geben Sie die Wörter an, nach denen gesucht werden soll</translation>
    </message>
    <message>
        <source>No record matches.</source>
        <translation>Kein Eintrag passt.</translation>
    </message>
    <message>
        <source>agent %1 has no /memories/%2</source>
        <translation>Agent %1 hat kein /memories/%2</translation>
    </message>
    <message>
        <source>Delete for good (content included) instead of deactivating.</source>
        <translation>Endgültig löschen (samt Inhalt), statt zu deaktivieren.</translation>
    </message>
    <message>
        <source>The agent whose /memories/ files to remove (default: config/tools.json&apos;s).</source>
        <translation>Der Agent, dessen /memories/-Dateien entfernt werden sollen (Standard: der aus config/tools.json).</translation>
    </message>
    <message>
        <source>Keys, [MemoryRef: ...] placeholders or /memories/ paths.</source>
        <translation>Schlüssel, [MemoryRef: ...]-Platzhalter oder /memories/-Pfade.</translation>
    </message>
    <message>
        <source>Deactivates records: they leave list and search but stay readable with &apos;memory show&apos; (a MemoryRef in an old session still opens). --purge deletes them for good.</source>
        <translation>Deaktiviert Einträge: Sie verschwinden aus list und search, bleiben aber mit „memory show“ lesbar (ein MemoryRef in einer alten Sitzung lässt sich weiterhin öffnen). --purge löscht sie endgültig.</translation>
    </message>
    <message>
        <source>name the keys to remove</source>
        <translation>geben Sie die zu entfernenden Schlüssel an</translation>
    </message>
    <message numerus="yes">
        <source>Purged /memories/%1 of agent %2 (%n version(s)).</source>
        <translation>
            <numerusform>/memories/%1 von Agent %2 endgültig gelöscht (%n Version).</numerusform>
            <numerusform>/memories/%1 von Agent %2 endgültig gelöscht (%n Versionen).</numerusform>
        </translation>
    </message>
    <message>
        <source>Removed /memories/%1 of agent %2.</source>
        <translation>/memories/%1 von Agent %2 entfernt.</translation>
    </message>
    <message>
        <source>Purged %1.</source>
        <translation>%1 endgültig gelöscht.</translation>
    </message>
    <message>
        <source>%1 was already inactive (--purge deletes it).</source>
        <translation>%1 war bereits inaktiv (--purge löscht ihn endgültig).</translation>
    </message>
    <message>
        <source>Deactivated %1 (--purge deletes it).</source>
        <translation>%1 deaktiviert (--purge löscht ihn endgültig).</translation>
    </message>
    <message>
        <source>Says which store is used and how much it holds.</source>
        <translation>Zeigt, welcher Speicher verwendet wird und wie viel er enthält.</translation>
    </message>
    <message>
        <source>%1 records (%2), %3 inactive</source>
        <translation>%1 Einträge (%2), %3 inaktiv</translation>
    </message>
    <message>
        <source>List records, newest first</source>
        <translation>Einträge auflisten, neueste zuerst</translation>
    </message>
    <message>
        <source>Print a record&apos;s content exactly, whole or a page of it</source>
        <translation>Den Inhalt eines Eintrags exakt ausgeben, ganz oder seitenweise</translation>
    </message>
    <message>
        <source>Search summaries, contents and /memories/ paths, ranked</source>
        <translation>Zusammenfassungen, Inhalte und /memories/-Pfade durchsuchen, nach Relevanz sortiert</translation>
    </message>
    <message>
        <source>Deactivate records or /memories/ files (--purge: delete for good)</source>
        <translation>Einträge oder /memories/-Dateien deaktivieren (--purge: endgültig löschen)</translation>
    </message>
    <message>
        <source>Write records with their content as JSONL</source>
        <translation>Einträge samt Inhalt als JSONL schreiben</translation>
    </message>
    <message>
        <source>Read records from an export (from SQLite to PostgreSQL and back)</source>
        <translation>Einträge aus einem Export einlesen (von SQLite nach PostgreSQL und zurück)</translation>
    </message>
    <message>
        <source>Which store is used and how much it holds</source>
        <translation>Welcher Speicher verwendet wird und wie viel er enthält</translation>
    </message>
    <message>
        <source>Usage: valis-cli memory [--store STORE] &lt;subcommand&gt; [options]</source>
        <translation>Aufruf: valis-cli memory [--store STORE] &lt;Unterbefehl&gt; [Optionen]</translation>
    </message>
    <message>
        <source>The memory&apos;s DetailStore: what tools captured, what the agent stored, its /memories/ files.</source>
        <translation>Der DetailStore des Gedächtnisses: was Werkzeuge erfasst haben, was der Agent gespeichert hat, seine /memories/-Dateien.</translation>
    </message>
    <message>
        <source>Subcommands:</source>
        <translation>Unterbefehle:</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>Optionen:</translation>
    </message>
    <message>
        <source>Use this store for one run instead of the one config/memory.json names.</source>
        <translation>Diesen Speicher für einen Lauf statt des in config/memory.json angegebenen verwenden.</translation>
    </message>
    <message>
        <source>&apos;valis-cli memory &lt;subcommand&gt; --help&apos; shows a subcommand&apos;s options.</source>
        <translation>„valis-cli memory &lt;Unterbefehl&gt; --help“ zeigt die Optionen eines Unterbefehls.</translation>
    </message>
    <message>
        <source>--store needs sqlite:PATH or a postgresql:// address</source>
        <translation>--store braucht sqlite:PATH oder eine postgresql://-Adresse</translation>
    </message>
    <message>
        <source>unknown subcommand &quot;%1&quot;; use %2</source>
        <translation>unbekannter Unterbefehl „%1“; verwenden Sie %2</translation>
    </message>
    <message>
        <source>Export from this store instead of config/memory.json&apos;s: sqlite:PATH or a postgresql:// address.</source>
        <translation>Aus diesem Speicher statt aus dem in config/memory.json angegebenen exportieren: sqlite:PATH oder eine postgresql://-Adresse.</translation>
    </message>
    <message>
        <source>Only records of type TYPE.</source>
        <translation>Nur Einträge vom Typ TYPE.</translation>
    </message>
    <message>
        <source>Include inactive records (removed ones, replaced file versions).</source>
        <translation>Inaktive Einträge einschließen (entfernte, ersetzte Dateiversionen).</translation>
    </message>
    <message>
        <source>Write to FILE (replaced only once the export is complete) instead of standard output.</source>
        <translation>In FILE schreiben (erst ersetzt, wenn der Export vollständig ist) statt auf die Standardausgabe.</translation>
    </message>
    <message>
        <source>Writes records with their content as JSONL, oldest first, after a header line: one JSON object per record, content as the string &quot;content&quot; when it is UTF-8, else as &quot;content_base64&quot;. &apos;memory import&apos; reads it back.</source>
        <translation>Schreibt Einträge samt Inhalt als JSONL, älteste zuerst, nach einer Kopfzeile: ein JSON-Objekt pro Eintrag, der Inhalt als Zeichenkette „content“, wenn er UTF-8 ist, sonst als „content_base64“. „memory import“ liest die Ausgabe wieder ein.</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n record(s) from %1</source>
        <translation>
            <numerusform>Exportiert: %n Eintrag aus %1</numerusform>
            <numerusform>Exportiert: %n Einträge aus %1</numerusform>
        </translation>
    </message>
    <message>
        <source> to %1</source>
        <translation> nach %1</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>kein gültiges JSON: %1</translation>
    </message>
    <message>
        <source>each line must be one JSON object</source>
        <translation>jede Zeile muss ein einzelnes JSON-Objekt sein</translation>
    </message>
    <message>
        <source>Import into this store instead of config/memory.json&apos;s: sqlite:PATH or a postgresql:// address.</source>
        <translation>In diesen Speicher statt in den in config/memory.json angegebenen importieren: sqlite:PATH oder eine postgresql://-Adresse.</translation>
    </message>
    <message>
        <source>A file written by &apos;valis-cli memory export&apos; (&apos;-&apos;: standard input).</source>
        <translation>Eine von „valis-cli memory export“ geschriebene Datei („-“: Standardeingabe).</translation>
    </message>
    <message>
        <source>Reads records written by &apos;memory export&apos; into the store, in the file&apos;s order. The whole file is checked before anything is written; records the store already holds (same key and content) are skipped, so importing twice changes nothing.</source>
        <translation>Liest von „memory export“ geschriebene Einträge in der Reihenfolge der Datei in den Speicher ein. Die ganze Datei wird geprüft, bevor etwas geschrieben wird; Einträge, die der Speicher bereits enthält (gleicher Schlüssel und Inhalt), werden übersprungen, sodass ein zweiter Import nichts ändert.</translation>
    </message>
    <message>
        <source>name exactly one file</source>
        <translation>geben Sie genau eine Datei an</translation>
    </message>
    <message>
        <source>not a memory export: the first line must be the header &apos;valis-cli memory export&apos; writes</source>
        <translation>kein Gedächtnis-Export: Die erste Zeile muss die Kopfzeile sein, die „valis-cli memory export“ schreibt</translation>
    </message>
    <message>
        <source>export format version %1; this Valis reads version %2</source>
        <translation>Exportformat-Version %1; dieses Valis liest Version %2</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>die Datei ist leer</translation>
    </message>
    <message>
        <source>%1: stored as %2 (the key %3 is taken in this store)</source>
        <translation>%1: gespeichert als %2 (der Schlüssel %3 ist in diesem Speicher bereits vergeben)</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n record(s) before the failure.</source>
        <translation>
            <numerusform>Vor dem Fehler wurde %n Eintrag importiert.</numerusform>
            <numerusform>Vor dem Fehler wurden %n Einträge importiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n record(s) into %1</source>
        <translation>
            <numerusform>Importiert: %n Eintrag in %1</numerusform>
            <numerusform>Importiert: %n Einträge in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already there</source>
        <translation>
            <numerusform>%n bereits vorhanden</numerusform>
            <numerusform>%n bereits vorhanden</numerusform>
        </translation>
    </message>
    <message>
        <source>the summary provider in memory.json: %1</source>
        <translation>der Zusammenfassungsanbieter in memory.json: %1</translation>
    </message>
    <message>
        <source>memory.json names the summary provider %1 but no summaryModel</source>
        <translation>memory.json nennt den Zusammenfassungsanbieter %1, aber kein summaryModel</translation>
    </message>
    <message>
        <source>Run without the memory store: large tool outputs stay in the context, and /memories/ is a local folder.</source>
        <translation>Ohne den Gedächtnisspeicher ausführen: Große Werkzeugausgaben bleiben im Kontext, und /memories/ ist ein lokaler Ordner.</translation>
    </message>
    <message>
        <source>warning: memory is off: %1</source>
        <translation>Warnung: Das Gedächtnis ist deaktiviert: %1</translation>
    </message>
    <message>
        <source>List, show, search, remove, export and import the memory&apos;s records</source>
        <translation>Einträge des Gedächtnisses auflisten, anzeigen, durchsuchen, entfernen, exportieren und importieren</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is missing</source>
        <translation>„%1“ fehlt</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>„%1“ muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;agent_id&quot; must not be empty</source>
        <translation>„agent_id“ darf nicht leer sein</translation>
    </message>
    <message>
        <source>&quot;type&quot; must not be empty</source>
        <translation>„type“ darf nicht leer sein</translation>
    </message>
    <message>
        <source>&quot;created_at&quot; must be an ISO 8601 time</source>
        <translation>„created_at“ muss eine Zeitangabe nach ISO 8601 sein</translation>
    </message>
    <message>
        <source>&quot;metadata&quot; must be an object</source>
        <translation>„metadata“ muss ein Objekt sein</translation>
    </message>
    <message>
        <source>&quot;active&quot; must be true or false</source>
        <translation>„active“ muss true oder false sein</translation>
    </message>
    <message>
        <source>a record needs exactly one of &quot;content&quot; and &quot;content_base64&quot;</source>
        <translation>ein Eintrag braucht genau eines von „content“ und „content_base64“</translation>
    </message>
    <message>
        <source>&quot;content&quot; must be a string</source>
        <translation>„content“ muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;content_base64&quot; must be a string</source>
        <translation>„content_base64“ muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;content_base64&quot; is not valid base64</source>
        <translation>„content_base64“ ist kein gültiges Base64</translation>
    </message>
    <message>
        <source>the content does not match its sha256: the file was changed or cut</source>
        <translation>der Inhalt passt nicht zu seinem sha256: Die Datei wurde verändert oder abgeschnitten</translation>
    </message>
    <message>
        <source>--store sqlite: needs a file, as in sqlite:team-memory.db</source>
        <translation>--store sqlite: braucht eine Datei, etwa sqlite:team-memory.db</translation>
    </message>
    <message>
        <source>--store takes sqlite:PATH or a postgresql:// address</source>
        <translation>--store erwartet sqlite:PATH oder eine postgresql://-Adresse</translation>
    </message>
    <message>
        <source>(No password was given: the address, VALIS_MEMORY_PASSWORD and PGPASSWORD have none, and the keychain could not be asked: %1)</source>
        <translation>(Es wurde kein Passwort angegeben: Weder die Adresse noch VALIS_MEMORY_PASSWORD oder PGPASSWORD enthalten eines, und der Schlüsselbund konnte nicht abgefragt werden: %1)</translation>
    </message>
    <message>
        <source>Context strategies in use (%1):</source>
        <translation>Verwendete Kontextstrategien (%1):</translation>
    </message>
    <message>
        <source>none: the context is not managed</source>
        <translation>keine: der Kontext wird nicht verwaltet</translation>
    </message>
    <message>
        <source>The session whose compactions to show.</source>
        <translation>Die Sitzung, deren Verdichtungen gezeigt werden.</translation>
    </message>
    <message>
        <source>Show the context strategies in use and their settings instead.</source>
        <translation>Stattdessen die verwendeten Kontextstrategien und ihre Einstellungen zeigen.</translation>
    </message>
    <message>
        <source>With --settings: the settings for model M.</source>
        <translation>Mit --settings: die Einstellungen für das Modell M.</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>JSON ausgeben.</translation>
    </message>
    <message>
        <source>Pin message ID of the session: never evicted or summarised, carried verbatim after every summary.</source>
        <translation>Nachricht ID der Sitzung anheften: nie ausgelagert oder zusammengefasst, nach jeder Zusammenfassung wörtlich mitgeführt.</translation>
    </message>
    <message>
        <source>Unpin message ID.</source>
        <translation>Nachricht ID lösen.</translation>
    </message>
    <message>
        <source>name exactly one session (or use --settings)</source>
        <translation>nenne genau eine Sitzung (oder verwende --settings)</translation>
    </message>
    <message>
        <source>session %1 has no message &quot;%2&quot; (valis-cli show %1 --json lists their ids)</source>
        <translation>Sitzung %1 hat keine Nachricht „%2“ (valis-cli show %1 --json listet ihre IDs)</translation>
    </message>
    <message>
        <source>pinned %1</source>
        <translation>%1 angeheftet</translation>
    </message>
    <message>
        <source>unpinned %1</source>
        <translation>%1 gelöst</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n compaction(s)</source>
        <translation>
            <numerusform>%1 · %n Verdichtung</numerusform>
            <numerusform>%1 · %n Verdichtungen</numerusform>
        </translation>
    </message>
    <message>
        <source>  %1 -&gt; %2 tokens</source>
        <translation>  %1 -&gt; %2 Tokens</translation>
    </message>
    <message numerus="yes">
        <source>, %n item(s) moved</source>
        <translation>
            <numerusform>, %n Element verschoben</numerusform>
            <numerusform>, %n Elemente verschoben</numerusform>
        </translation>
    </message>
    <message>
        <source>, cache: %1 tokens rewritten</source>
        <translation>, Cache: %1 Tokens neu geschrieben</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weiteres</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Tokens saved: %1 · items moved: %2 · pointers: %3 · cache rewritten: %4 tokens, %5</source>
        <translation>Gesparte Tokens: %1 · verschobene Elemente: %2 · Verweise: %3 · Cache neu geschrieben: %4 Tokens, %5</translation>
    </message>
    <message>
        <source>unknown cost</source>
        <translation>unbekannte Kosten</translation>
    </message>
    <message>
        <source>A transcript file, in any format &apos;valis-cli import&apos; reads.</source>
        <translation>Eine Transkriptdatei in einem Format, das &apos;valis-cli import&apos; liest.</translation>
    </message>
    <message>
        <source>The context strategy to replay with: &quot;none&quot; (no management) or the id of a strategy plugin, e.g. progressive.</source>
        <translation>Die Kontextstrategie für die Wiedergabe: „none“ (keine Verwaltung) oder die ID eines Strategie-Plugins, z. B. progressive.</translation>
    </message>
    <message>
        <source>Pretend the model&apos;s context window is N tokens (default: the model&apos;s).</source>
        <translation>So tun, als hätte das Kontextfenster des Modells N Tokens (Standard: das des Modells).</translation>
    </message>
    <message>
        <source>Count tokens and prices as model M (default: the transcript&apos;s model).</source>
        <translation>Tokens und Preise wie beim Modell M zählen (Standard: das Modell des Transkripts).</translation>
    </message>
    <message>
        <source>Put this file in the system prompt as AGENTS.md (default: a built-in sample of about 1.5 KB).</source>
        <translation>Diese Datei als AGENTS.md in den Systemprompt setzen (Standard: ein eingebautes Beispiel von etwa 1,5 KB).</translation>
    </message>
    <message>
        <source>How to print the figures: table (default) or json.</source>
        <translation>Wie die Zahlen ausgegeben werden: table (Standard) oder json.</translation>
    </message>
    <message>
        <source>Also show one row per model request.</source>
        <translation>Außerdem eine Zeile je Modellanfrage zeigen.</translation>
    </message>
    <message>
        <source>A setting of the strategy, e.g. evictAt=0.8 (repeatable; see valis-cli context --settings).</source>
        <translation>Eine Einstellung der Strategie, z. B. evictAt=0.8 (wiederholbar; siehe valis-cli context --settings).</translation>
    </message>
    <message>
        <source>Replay only this session of the file (a file may hold several).</source>
        <translation>Nur diese Sitzung der Datei wiedergeben (eine Datei kann mehrere enthalten).</translation>
    </message>
    <message>
        <source>The answer&apos;s room the context keeps free (default: %1 tokens, or the model&apos;s output limit when lower).</source>
        <translation>Der Platz für die Antwort, den der Kontext frei hält (Standard: %1 Tokens oder das Ausgabelimit des Modells, wenn es kleiner ist).</translation>
    </message>
    <message>
        <source>Replays a recorded transcript turn by turn through a context strategy and reports what it would have sent and cost: view tokens, peak share of the window, overflows, billed input with cache pricing, cache-read share, prefix invalidations, compactions and how much of what left the view a pointer still reaches. The transcript is imported into a temporary store; your profile is not touched.</source>
        <translation>Gibt ein aufgezeichnetes Transkript Runde für Runde mit einer Kontextstrategie wieder und berichtet, was sie gesendet und gekostet hätte: Tokens der Ansicht, größter Anteil am Fenster, Überläufe, berechnete Eingabe mit Cache-Preisen, Anteil der Cache-Lesezugriffe, ungültig gewordene Präfixe, Verdichtungen und wie viel von dem, was die Ansicht verlassen hat, ein Verweis noch erreicht. Das Transkript wird in einen temporären Speicher importiert; dein Profil bleibt unberührt.</translation>
    </message>
    <message>
        <source>name exactly one transcript file</source>
        <translation>nenne genau eine Transkriptdatei</translation>
    </message>
    <message>
        <source>choose a strategy with --strategy (&quot;none&quot; replays without management)</source>
        <translation>wähle eine Strategie mit --strategy („none“ gibt ohne Verwaltung wieder)</translation>
    </message>
    <message>
        <source>--report takes table or json, not &quot;%1&quot;</source>
        <translation>--report nimmt table oder json, nicht „%1“</translation>
    </message>
    <message>
        <source>--window takes a whole number of tokens, at least 256</source>
        <translation>--window nimmt eine ganze Zahl von Tokens, mindestens 256</translation>
    </message>
    <message>
        <source>cannot read the AGENTS.md file %1: %2</source>
        <translation>die AGENTS.md-Datei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>no context strategy &quot;%1&quot;; available: %2</source>
        <translation>keine Kontextstrategie „%1“; verfügbar: %2</translation>
    </message>
    <message>
        <source>--setting needs a strategy; &quot;none&quot; has no settings</source>
        <translation>--setting braucht eine Strategie; „none“ hat keine Einstellungen</translation>
    </message>
    <message>
        <source>cannot create a temporary folder: %1</source>
        <translation>ein temporärer Ordner kann nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>%1 has no session &quot;%2&quot;; it has: %3</source>
        <translation>%1 hat keine Sitzung „%2“; es hat: %3</translation>
    </message>
    <message>
        <source>%1 holds no session to replay</source>
        <translation>%1 enthält keine Sitzung zum Wiedergeben</translation>
    </message>
    <message>
        <source>valis-cli replay: %1: %2</source>
        <translation>valis-cli replay: %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>valis-cli replay: %n session(s) without model answers skipped</source>
        <translation>
            <numerusform>valis-cli replay: %n Sitzung ohne Antworten eines Modells übersprungen</numerusform>
            <numerusform>valis-cli replay: %n Sitzungen ohne Antworten eines Modells übersprungen</numerusform>
        </translation>
    </message>
    <message>
        <source>import note: %1</source>
        <translation>Hinweis zum Import: %1</translation>
    </message>
    <message>
        <source>no session of %1 could be replayed</source>
        <translation>keine Sitzung von %1 konnte wiedergegeben werden</translation>
    </message>
    <message numerus="yes">
        <source>context %1 by %2: %3 -&gt; %4 tokens, %n item(s) moved</source>
        <translation>
            <numerusform>Kontext: %1 durch %2: %3 -&gt; %4 Tokens, %n Element verschoben</numerusform>
            <numerusform>Kontext: %1 durch %2: %3 -&gt; %4 Tokens, %n Elemente verschoben</numerusform>
        </translation>
    </message>
    <message>
        <source>A context strategy setting for this run, e.g. evictAt=0.8 or progressive.offloadTokens=10000 (repeatable; see valis-cli context --settings).</source>
        <translation>Eine Einstellung der Kontextstrategie für diesen Lauf, z. B. evictAt=0.8 oder progressive.offloadTokens=10000 (wiederholbar; siehe valis-cli context --settings).</translation>
    </message>
    <message>
        <source>finishing the summary of the oldest turns...</source>
        <translation>die Zusammenfassung der ältesten Runden wird noch fertiggestellt …</translation>
    </message>
    <message>
        <source>The text to count; &quot;-&quot; or nothing reads standard input.</source>
        <translation>Der zu zählende Text; „-“ oder nichts liest die Standardeingabe.</translation>
    </message>
    <message>
        <source>The encoding: o200k_base (default) or cl100k_base.</source>
        <translation>Die Kodierung: o200k_base (Standard) oder cl100k_base.</translation>
    </message>
    <message>
        <source>Count as model M does: exactly where its tokenizer is public, else with the calibrated estimate.</source>
        <translation>Wie Modell M zählen: exakt, wo sein Tokenizer öffentlich ist, sonst mit der kalibrierten Schätzung.</translation>
    </message>
    <message>
        <source>Print the token ids too.</source>
        <translation>Auch die Token-IDs ausgeben.</translation>
    </message>
    <message>
        <source>Counts the tokens of a text: exactly for OpenAI&apos;s public encodings (o200k_base, cl100k_base), as an estimate for models whose tokenizer is not public.</source>
        <translation>Zählt die Tokens eines Textes: exakt für die öffentlichen Kodierungen von OpenAI (o200k_base, cl100k_base), als Schätzung für Modelle, deren Tokenizer nicht öffentlich ist.</translation>
    </message>
    <message>
        <source>choose --encoding or --model, not both</source>
        <translation>wähle --encoding oder --model, nicht beides</translation>
    </message>
    <message>
        <source>name at most one file</source>
        <translation>nenne höchstens eine Datei</translation>
    </message>
    <message>
        <source>%1 has no public tokenizer, so there are no ids to show; its count is an estimate (leave out --ids)</source>
        <translation>%1 hat keinen öffentlichen Tokenizer, also gibt es keine IDs zu zeigen; seine Zahl ist eine Schätzung (lass --ids weg)</translation>
    </message>
    <message>
        <source>the text is not valid UTF-8; convert it first (for example with iconv)</source>
        <translation>der Text ist kein gültiges UTF-8; wandle ihn zuerst um (zum Beispiel mit iconv)</translation>
    </message>
    <message>
        <source>(an estimate: %1 has no public tokenizer)</source>
        <translation>(eine Schätzung: %1 hat keinen öffentlichen Tokenizer)</translation>
    </message>
    <message>
        <source>Call it in this session: its /context/ (what its context strategies moved out) and its record for search_history.</source>
        <translation>In dieser Sitzung aufrufen: ihr /context/ (was ihre Kontextstrategien ausgelagert haben) und ihr Verlauf für search_history.</translation>
    </message>
    <message>
        <source>Count the tokens of a text exactly (o200k_base, cl100k_base) or estimate them for a model</source>
        <translation>Die Tokens eines Textes exakt zählen (o200k_base, cl100k_base) oder für ein Modell schätzen</translation>
    </message>
    <message>
        <source>Show what context compaction did in a session, or the strategies&apos; settings</source>
        <translation>Zeigen, was die Kontextverdichtung in einer Sitzung getan hat, oder die Einstellungen der Strategien</translation>
    </message>
    <message>
        <source>Replay a transcript through a context strategy and report tokens, cost, cache use and compactions</source>
        <translation>Ein Transkript mit einer Kontextstrategie wiedergeben und Tokens, Kosten, Cache-Nutzung und Verdichtungen berichten</translation>
    </message>
    <message>
        <source>Print every branch of an edited or regenerated conversation, not only the one the session shows.</source>
        <translation>Jeden Zweig einer bearbeiteten oder neu erzeugten Unterhaltung ausgeben, nicht nur den, den die Sitzung zeigt.</translation>
    </message>
    <message>
        <source>looked on PATH: %1</source>
        <translation>im PATH gesucht: %1</translation>
    </message>
    <message>
        <source>and on your login shell&apos;s PATH: %1</source>
        <translation>und im PATH Ihrer Login-Shell: %1</translation>
    </message>
    <message>
        <source>(none found)</source>
        <translation>(nichts gefunden)</translation>
    </message>
    <message>
        <source>The configured servers, and entries that cannot be read</source>
        <translation>Die eingerichteten Server und Einträge, die nicht gelesen werden können</translation>
    </message>
    <message>
        <source>Add a server: NAME -- COMMAND [ARGS...] or NAME --url URL</source>
        <translation>Einen Server hinzufügen: NAME -- COMMAND [ARGS...] oder NAME --url URL</translation>
    </message>
    <message>
        <source>Remove a server</source>
        <translation>Einen Server entfernen</translation>
    </message>
    <message>
        <source>Import servers from Claude Desktop, a project&apos;s .mcp.json or Codex</source>
        <translation>Server aus Claude Desktop, der .mcp.json eines Projekts oder Codex importieren</translation>
    </message>
    <message>
        <source>Start a server and report what it is, or why it fails</source>
        <translation>Einen Server starten und berichten, was er ist oder warum er fehlschlägt</translation>
    </message>
    <message>
        <source>A server&apos;s tools: names, hints, whether offered, token cost</source>
        <translation>Die Werkzeuge eines Servers: Namen, Hinweise, ob angeboten, Token-Kosten</translation>
    </message>
    <message>
        <source>Call one of a server&apos;s tools and print its result</source>
        <translation>Eines der Werkzeuge eines Servers aufrufen und sein Ergebnis ausgeben</translation>
    </message>
    <message>
        <source>A server&apos;s resources (or resource templates)</source>
        <translation>Die Ressourcen eines Servers (oder Ressourcenvorlagen)</translation>
    </message>
    <message>
        <source>Read one resource</source>
        <translation>Eine Ressource lesen</translation>
    </message>
    <message>
        <source>A server&apos;s prompts and their arguments</source>
        <translation>Die Prompts eines Servers und ihre Argumente</translation>
    </message>
    <message>
        <source>Get one prompt with arguments and print its messages</source>
        <translation>Einen Prompt mit Argumenten abrufen und seine Nachrichten ausgeben</translation>
    </message>
    <message>
        <source>Sign in to an HTTP server (OAuth, in the browser)</source>
        <translation>Bei einem HTTP-Server anmelden (OAuth, im Browser)</translation>
    </message>
    <message>
        <source>Forget an HTTP server&apos;s OAuth tokens</source>
        <translation>Die OAuth-Tokens eines HTTP-Servers vergessen</translation>
    </message>
    <message>
        <source>Usage: valis-cli mcp &lt;subcommand&gt; [options]</source>
        <translation>Aufruf: valis-cli mcp &lt;Unterbefehl&gt; [Optionen]</translation>
    </message>
    <message>
        <source>The MCP servers whose tools the agent is offered, configured in %1.</source>
        <translation>Die MCP-Server, deren Werkzeuge dem Agenten angeboten werden, eingerichtet in %1.</translation>
    </message>
    <message>
        <source>&apos;valis-cli mcp &lt;subcommand&gt; --help&apos; shows a subcommand&apos;s options.</source>
        <translation>„valis-cli mcp &lt;Unterbefehl&gt; --help“ zeigt die Optionen eines Unterbefehls.</translation>
    </message>
    <message>
        <source>start %1 s, calls %2 s (at most %3 s)</source>
        <translation>Start %1 s, Aufrufe %2 s (höchstens %3 s)</translation>
    </message>
    <message>
        <source>%1 takes NAME=VALUE, not &quot;%2&quot;</source>
        <translation>%1 erwartet NAME=VALUE, nicht „%2“</translation>
    </message>
    <message>
        <source>%1 takes NAME:VALUE, not &quot;%2&quot;</source>
        <translation>%1 erwartet NAME:VALUE, nicht „%2“</translation>
    </message>
    <message>
        <source>%1 takes a whole number of seconds above 0</source>
        <translation>%1 erwartet eine ganze Zahl von Sekunden größer als 0</translation>
    </message>
    <message>
        <source>note: %1 is relative to the folder the server starts in; give its full path, or --cwd %2, to start it from anywhere</source>
        <translation>Hinweis: %1 ist relativ zum Ordner, in dem der Server startet; geben Sie den vollständigen Pfad oder --cwd %2 an, damit er von überall aus startet</translation>
    </message>
    <message>
        <source>Print the servers as JSON, as config/mcp.json holds them.</source>
        <translation>Die Server als JSON ausgeben, so wie config/mcp.json sie enthält.</translation>
    </message>
    <message>
        <source>Lists the configured MCP servers: what each runs or where it is, whether it is enabled, its time limits; and every entry of the file that cannot be read, with the reason.</source>
        <translation>Listet die eingerichteten MCP-Server auf: was jeder ausführt oder wo er liegt, ob er aktiviert ist, seine Zeitlimits; dazu jeden Eintrag der Datei, der nicht gelesen werden kann, mit dem Grund.</translation>
    </message>
    <message>
        <source>takes no arguments</source>
        <translation>nimmt keine Argumente</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>aktiviert</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>deaktiviert</translation>
    </message>
    <message>
        <source>required</source>
        <translation>erforderlich</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>vertrauenswürdig</translation>
    </message>
    <message>
        <source>No MCP servers in %1 (add one with valis-cli mcp add, or import them with valis-cli mcp import).</source>
        <translation>Keine MCP-Server in %1 (fügen Sie einen mit valis-cli mcp add hinzu oder importieren Sie welche mit valis-cli mcp import).</translation>
    </message>
    <message>
        <source>Entries that cannot be read (kept in the file as they are):</source>
        <translation>Einträge, die nicht gelesen werden können (bleiben unverändert in der Datei):</translation>
    </message>
    <message>
        <source>An environment variable for the server (repeatable); ${VAR} and ${VAR:-default} expand when it starts.</source>
        <translation>Eine Umgebungsvariable für den Server (wiederholbar); ${VAR} und ${VAR:-default} werden beim Start ersetzt.</translation>
    </message>
    <message>
        <source>The folder the server starts in.</source>
        <translation>Der Ordner, in dem der Server startet.</translation>
    </message>
    <message>
        <source>Seconds it may take to get ready (default 30).</source>
        <translation>Sekunden, die er bis zur Bereitschaft brauchen darf (Standard 30).</translation>
    </message>
    <message>
        <source>Seconds a tool call may take without progress (default 300).</source>
        <translation>Sekunden, die ein Werkzeugaufruf ohne Fortschritt dauern darf (Standard 300).</translation>
    </message>
    <message>
        <source>Add it switched off.</source>
        <translation>Ihn deaktiviert hinzufügen.</translation>
    </message>
    <message>
        <source>Believe its tools&apos; hints (read-only tools then run without asking).</source>
        <translation>Den Hinweisen seiner Werkzeuge glauben (nur lesende Werkzeuge laufen dann ohne Nachfrage).</translation>
    </message>
    <message>
        <source>valis-cli run does not start without it.</source>
        <translation>valis-cli run startet nicht ohne ihn.</translation>
    </message>
    <message>
        <source>Overwrite a server of the same name.</source>
        <translation>Einen gleichnamigen Server überschreiben.</translation>
    </message>
    <message>
        <source>An HTTP server (Streamable HTTP, or the older HTTP+SSE) at this address.</source>
        <translation>Ein HTTP-Server (Streamable HTTP oder das ältere HTTP+SSE) unter dieser Adresse.</translation>
    </message>
    <message>
        <source>An HTTP header to send (repeatable); ${VAR} expands.</source>
        <translation>Ein zu sendender HTTP-Header (wiederholbar); ${VAR} wird ersetzt.</translation>
    </message>
    <message>
        <source>Send the bearer token this environment variable holds.</source>
        <translation>Das Bearer-Token aus dieser Umgebungsvariable senden.</translation>
    </message>
    <message>
        <source>A pre-registered OAuth client id.</source>
        <translation>Eine vorab registrierte OAuth-Client-ID.</translation>
    </message>
    <message>
        <source>The environment variable holding that client&apos;s secret.</source>
        <translation>Die Umgebungsvariable mit dem Secret dieses Clients.</translation>
    </message>
    <message>
        <source>An OAuth scope to ask for when the server names none (repeatable).</source>
        <translation>Ein anzufordernder OAuth-Scope, wenn der Server keinen nennt (wiederholbar).</translation>
    </message>
    <message>
        <source>The server&apos;s name: letters, digits, &apos;-&apos; and &apos;_&apos;, at most 64.</source>
        <translation>Der Name des Servers: Buchstaben, Ziffern, „-“ und „_“, höchstens 64.</translation>
    </message>
    <message>
        <source>After --: the command that starts a stdio server, with its arguments.</source>
        <translation>Nach --: der Befehl, der einen stdio-Server startet, mit seinen Argumenten.</translation>
    </message>
    <message>
        <source>Adds an MCP server to config/mcp.json: a local one started with a command (stdio), or a remote one at a URL (HTTP). A command that cannot be found now is a warning, not a refusal.</source>
        <translation>Fügt config/mcp.json einen MCP-Server hinzu: einen lokalen, der mit einem Befehl gestartet wird (stdio), oder einen entfernten unter einer URL (HTTP). Ein Befehl, der jetzt nicht gefunden wird, ergibt eine Warnung, keine Ablehnung.</translation>
    </message>
    <message>
        <source>name the server</source>
        <translation>geben Sie den Server an</translation>
    </message>
    <message>
        <source>the name &quot;%1&quot; may hold only letters, digits, &apos;-&apos; and &apos;_&apos; (at most 64)</source>
        <translation>der Name „%1“ darf nur Buchstaben, Ziffern, „-“ und „_“ enthalten (höchstens 64)</translation>
    </message>
    <message>
        <source>give either --url or a command after --, not both</source>
        <translation>geben Sie entweder --url oder einen Befehl nach -- an, nicht beides</translation>
    </message>
    <message>
        <source>give the command after --, e.g. valis-cli mcp add NAME -- npx -y PACKAGE; or --url URL</source>
        <translation>geben Sie den Befehl nach -- an, z. B. valis-cli mcp add NAME -- npx -y PACKAGE; oder --url URL</translation>
    </message>
    <message>
        <source>--%1 is for servers started with a command</source>
        <translation>--%1 gilt für Server, die mit einem Befehl gestartet werden</translation>
    </message>
    <message>
        <source>--%1 is for HTTP servers (--url)</source>
        <translation>--%1 gilt für HTTP-Server (--url)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// address</source>
        <translation>„%1“ ist keine http://- oder https://-Adresse</translation>
    </message>
    <message>
        <source>there is a server named &quot;%1&quot; already (%2); --replace overwrites it</source>
        <translation>es gibt bereits einen Server namens „%1“ (%2); --replace überschreibt ihn</translation>
    </message>
    <message>
        <source>an entry that cannot be read</source>
        <translation>ein Eintrag, der nicht gelesen werden kann</translation>
    </message>
    <message>
        <source>Replaced %1: %2</source>
        <translation>%1 ersetzt: %2</translation>
    </message>
    <message>
        <source>Added %1: %2</source>
        <translation>%1 hinzugefügt: %2</translation>
    </message>
    <message>
        <source>The server to remove.</source>
        <translation>Der zu entfernende Server.</translation>
    </message>
    <message>
        <source>Removes an MCP server from config/mcp.json.</source>
        <translation>Entfernt einen MCP-Server aus config/mcp.json.</translation>
    </message>
    <message>
        <source>name exactly one server</source>
        <translation>geben Sie genau einen Server an</translation>
    </message>
    <message>
        <source>there is no MCP server &quot;%1&quot;</source>
        <translation>es gibt keinen MCP-Server „%1“</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>%1 entfernt.</translation>
    </message>
    <message>
        <source>%1 (from %2) would run: %3</source>
        <translation>%1 (aus %2) würde ausführen: %3</translation>
    </message>
    <message>
        <source> (an HTTP server)</source>
        <translation> (ein HTTP-Server)</translation>
    </message>
    <message>
        <source>  Import it? [y/n]: </source>
        <translation>  Importieren? [y/n]: </translation>
    </message>
    <message>
        <source>Overwrite servers of the same name.</source>
        <translation>Gleichnamige Server überschreiben.</translation>
    </message>
    <message>
        <source>Import a project&apos;s .mcp.json without asking (it can run any command: read it first).</source>
        <translation>Die .mcp.json eines Projekts ohne Nachfrage importieren (sie kann jeden Befehl ausführen: lesen Sie sie zuerst).</translation>
    </message>
    <message>
        <source>claude_desktop_config.json, a project&apos;s .mcp.json or Codex&apos;s config.toml (default: those found on this machine, and ./.mcp.json).</source>
        <translation>claude_desktop_config.json, die .mcp.json eines Projekts oder die config.toml von Codex (Standard: die auf diesem Rechner gefundenen und ./.mcp.json).</translation>
    </message>
    <message>
        <source>Imports MCP servers from Claude Desktop, Claude Code (.mcp.json) and Codex (config.toml). A project&apos;s .mcp.json is asked about server by server on a terminal, and refused without one unless --yes.</source>
        <translation>Importiert MCP-Server aus Claude Desktop, Claude Code (.mcp.json) und Codex (config.toml). Bei der .mcp.json eines Projekts wird am Terminal Server für Server nachgefragt; ohne Terminal wird sie abgelehnt, außer mit --yes.</translation>
    </message>
    <message>
        <source>found no configuration to import; looked at %1</source>
        <translation>keine Konfiguration zum Importieren gefunden; gesucht in %1</translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation>nicht lesbar: %1</translation>
    </message>
    <message>
        <source>valis-cli %1: refused %2: a project&apos;s .mcp.json can run any command; run this on a terminal to choose server by server, or pass --yes to take them all</source>
        <translation>valis-cli %1: %2 abgelehnt: die .mcp.json eines Projekts kann jeden Befehl ausführen; führen Sie dies an einem Terminal aus, um Server für Server zu wählen, oder geben Sie --yes an, um alle zu übernehmen</translation>
    </message>
    <message>
        <source>skipped %1 from %2: a server of that name exists (--replace overwrites it)</source>
        <translation>%1 aus %2 übersprungen: ein Server mit diesem Namen existiert (--replace überschreibt ihn)</translation>
    </message>
    <message>
        <source>skipped %1 from %2: not confirmed</source>
        <translation>%1 aus %2 übersprungen: nicht bestätigt</translation>
    </message>
    <message>
        <source>imported %1 from %2: %3</source>
        <translation>%1 aus %2 importiert: %3</translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) imported into %1</source>
        <translation>
            <numerusform>%n Server in %1 importiert</numerusform>
            <numerusform>%n Server in %1 importiert</numerusform>
        </translation>
    </message>
    <message>
        <source>The HTTP server.</source>
        <translation>Der HTTP-Server.</translation>
    </message>
    <message>
        <source>Signs in to an HTTP MCP server with OAuth: the sign-in page opens in the browser (its address is printed too); the tokens are kept in the OS keychain and used by every session.</source>
        <translation>Meldet sich per OAuth bei einem HTTP-MCP-Server an: die Anmeldeseite öffnet sich im Browser (ihre Adresse wird auch ausgegeben); die Tokens werden im Schlüsselbund des Betriebssystems verwahrt und von jeder Sitzung verwendet.</translation>
    </message>
    <message>
        <source>Forgets the OAuth tokens of an HTTP MCP server (and its registration, when no other server of the same authorization server uses it).</source>
        <translation>Vergisst die OAuth-Tokens eines HTTP-MCP-Servers (und seine Registrierung, wenn kein anderer Server desselben Autorisierungsservers sie verwendet).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; runs over stdio; only HTTP servers sign in</source>
        <translation>„%1“ läuft über stdio; nur HTTP-Server melden sich an</translation>
    </message>
    <message>
        <source>&quot;%1&quot; sends the bearer token of %2 and never signs in; remove its bearerTokenEnvVar to use OAuth</source>
        <translation>„%1“ sendet das Bearer-Token aus %2 und meldet sich nie an; entfernen Sie sein bearerTokenEnvVar, um OAuth zu verwenden</translation>
    </message>
    <message>
        <source>interrupted (Ctrl-C)</source>
        <translation>unterbrochen (Strg-C)</translation>
    </message>
    <message>
        <source>Signed in to %1 (authorization server %2%3).</source>
        <translation>Bei %1 angemeldet (Autorisierungsserver %2%3).</translation>
    </message>
    <message>
        <source>; scopes: %1</source>
        <translation>; Scopes: %1</translation>
    </message>
    <message>
        <source>Signed out of %1.</source>
        <translation>Von %1 abgemeldet.</translation>
    </message>
    <message>
        <source>give the server and exactly one more argument</source>
        <translation>geben Sie den Server und genau ein weiteres Argument an</translation>
    </message>
    <message>
        <source>%1 offers no %2.</source>
        <translation>%1 bietet keine %2 an.</translation>
    </message>
    <message>
        <source>List the resource templates (URIs with {placeholders}) instead.</source>
        <translation>Stattdessen die Ressourcenvorlagen (URIs mit {Platzhaltern}) auflisten.</translation>
    </message>
    <message>
        <source>Print them as the server lists them.</source>
        <translation>Sie so ausgeben, wie der Server sie auflistet.</translation>
    </message>
    <message>
        <source>The server.</source>
        <translation>Der Server.</translation>
    </message>
    <message>
        <source>Lists a server&apos;s resources (or resource templates).</source>
        <translation>Listet die Ressourcen eines Servers auf (oder die Ressourcenvorlagen).</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message numerus="yes">
        <source>%n resource template(s)</source>
        <translation>
            <numerusform>%n Ressourcenvorlage</numerusform>
            <numerusform>%n Ressourcenvorlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n resource(s)</source>
        <translation>
            <numerusform>%n Ressource</numerusform>
            <numerusform>%n Ressourcen</numerusform>
        </translation>
    </message>
    <message>
        <source>Write the content to FILE (needed for binary content).</source>
        <translation>Den Inhalt in FILE schreiben (nötig für binäre Inhalte).</translation>
    </message>
    <message>
        <source>The resource&apos;s URI (see valis-cli mcp resources).</source>
        <translation>Die URI der Ressource (siehe valis-cli mcp resources).</translation>
    </message>
    <message>
        <source>Reads one resource: text goes to standard output; binary content is written with -o FILE, or only described.</source>
        <translation>Liest eine Ressource: Text geht auf die Standardausgabe; binärer Inhalt wird mit -o FILE geschrieben oder nur beschrieben.</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>wrote %n byte(s) to %1</source>
        <translation>
            <numerusform>%n Byte in %1 geschrieben</numerusform>
            <numerusform>%n Bytes in %1 geschrieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%1: binary, %2, %n byte(s); write it with -o FILE]</source>
        <translation>
            <numerusform>[%1: binär, %2, %n Byte; mit -o FILE schreiben]</numerusform>
            <numerusform>[%1: binär, %2, %n Bytes; mit -o FILE schreiben]</numerusform>
        </translation>
    </message>
    <message>
        <source>type unknown</source>
        <translation>Typ unbekannt</translation>
    </message>
    <message>
        <source>Lists a server&apos;s prompts and their arguments.</source>
        <translation>Listet die Prompts eines Servers und ihre Argumente auf.</translation>
    </message>
    <message>
        <source> (required)</source>
        <translation> (erforderlich)</translation>
    </message>
    <message>
        <source>arguments: %1</source>
        <translation>Argumente: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s)</source>
        <translation>
            <numerusform>%n Prompt</numerusform>
            <numerusform>%n Prompts</numerusform>
        </translation>
    </message>
    <message>
        <source>An argument of the prompt (repeatable).</source>
        <translation>Ein Argument des Prompts (wiederholbar).</translation>
    </message>
    <message>
        <source>Print the server&apos;s answer (GetPromptResult) as JSON.</source>
        <translation>Die Antwort des Servers (GetPromptResult) als JSON ausgeben.</translation>
    </message>
    <message>
        <source>The prompt (see valis-cli mcp prompts).</source>
        <translation>Der Prompt (siehe valis-cli mcp prompts).</translation>
    </message>
    <message>
        <source>Gets one prompt with its arguments and prints its messages.</source>
        <translation>Ruft einen Prompt mit seinen Argumenten ab und gibt seine Nachrichten aus.</translation>
    </message>
    <message>
        <source>--arg takes NAME=VALUE, not &quot;%1&quot;</source>
        <translation>--arg erwartet NAME=VALUE, nicht „%1“</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (an estimate)</source>
        <translation>%1 (eine Schätzung)</translation>
    </message>
    <message>
        <source>o200k_base (no default model is set)</source>
        <translation>o200k_base (kein Standardmodell festgelegt)</translation>
    </message>
    <message>
        <source>an estimate (no default model is set)</source>
        <translation>eine Schätzung (kein Standardmodell festgelegt)</translation>
    </message>
    <message>
        <source>progress %1</source>
        <translation>Fortschritt %1</translation>
    </message>
    <message>
        <source>The server to start.</source>
        <translation>Der zu startende Server.</translation>
    </message>
    <message>
        <source>Starts one MCP server as a session would and reports what it is: its name and version, protocol revision, capabilities, how its command was found, its tools and how long it took to get ready; or why it fails, with what it wrote to stderr. Exits 1 when it fails.</source>
        <translation>Startet einen MCP-Server so, wie es eine Sitzung täte, und berichtet, was er ist: Name und Version, Protokollrevision, Fähigkeiten, wie sein Befehl gefunden wurde, seine Werkzeuge und wie lange er bis zur Bereitschaft brauchte; oder warum er fehlschlägt, mit dem, was er auf stderr geschrieben hat. Endet mit 1, wenn er fehlschlägt.</translation>
    </message>
    <message>
        <source>%1: ready in %2 ms</source>
        <translation>%1: bereit nach %2 ms</translation>
    </message>
    <message>
        <source>server:       %1</source>
        <translation>Server:       %1</translation>
    </message>
    <message>
        <source>protocol:     %1</source>
        <translation>Protokoll:    %1</translation>
    </message>
    <message>
        <source>capabilities: %1</source>
        <translation>Fähigkeiten:  %1</translation>
    </message>
    <message>
        <source>runs:         %1</source>
        <translation>Läuft als:    %1</translation>
    </message>
    <message>
        <source>found on:     %1</source>
        <translation>Fundort:      %1</translation>
    </message>
    <message>
        <source>tools:        %1</source>
        <translation>Werkzeuge:    %1</translation>
    </message>
    <message>
        <source>instructions: %1</source>
        <translation>Anweisungen:  %1</translation>
    </message>
    <message>
        <source>(disabled in the configuration: sessions do not start it)</source>
        <translation>(in der Konfiguration deaktiviert: Sitzungen starten ihn nicht)</translation>
    </message>
    <message>
        <source>Print the tools as the server lists them, each with visibleName, offered, setAside, readOnly and tokens added.</source>
        <translation>Die Werkzeuge so ausgeben, wie der Server sie auflistet, jedes ergänzt um visibleName, offered, setAside, readOnly und tokens.</translation>
    </message>
    <message>
        <source>Lists a server&apos;s tools: the name the model sees, the server&apos;s own name, title and description, the read-only hint (believed only for trusted servers), whether it is offered (enabledTools/disabledTools) or set aside (a schema no model API takes), and what its definition costs in tokens.</source>
        <translation>Listet die Werkzeuge eines Servers auf: den Namen, den das Modell sieht, den eigenen Namen des Servers, Titel und Beschreibung, den Nur-Lesen-Hinweis (nur bei vertrauenswürdigen Servern geglaubt), ob es angeboten (enabledTools/disabledTools) oder zurückgestellt wird (ein Schema, das keine Modell-API annimmt), und was seine Definition an Tokens kostet.</translation>
    </message>
    <message>
        <source>set aside: %1</source>
        <translation>zurückgestellt: %1</translation>
    </message>
    <message>
        <source>not offered (enabledTools/disabledTools)</source>
        <translation>nicht angeboten (enabledTools/disabledTools)</translation>
    </message>
    <message>
        <source>offered</source>
        <translation>angeboten</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>nur lesend</translation>
    </message>
    <message>
        <source>says read-only (not believed: the server is not trusted)</source>
        <translation>gibt an, nur lesend zu sein (nicht geglaubt: der Server ist nicht vertrauenswürdig)</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n Token</numerusform>
            <numerusform>%n Tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n Werkzeug</numerusform>
            <numerusform>%n Werkzeuge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n offered</source>
        <translation>
            <numerusform>%n angeboten</numerusform>
            <numerusform>%n angeboten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s) for their definitions, counted for %1</source>
        <translation>
            <numerusform>%n Token für ihre Definitionen, gezählt für %1</numerusform>
            <numerusform>%n Tokens für ihre Definitionen, gezählt für %1</numerusform>
        </translation>
    </message>
    <message>
        <source>The tool&apos;s arguments as a JSON object (default {}); @FILE reads them from FILE, - from standard input.</source>
        <translation>Die Argumente des Werkzeugs als JSON-Objekt (Standard {}); @FILE liest sie aus FILE, - von der Standardeingabe.</translation>
    </message>
    <message>
        <source>Print the raw CallToolResult as JSON.</source>
        <translation>Das unveränderte CallToolResult als JSON ausgeben.</translation>
    </message>
    <message>
        <source>Seconds without an answer or progress before the call is cancelled (default: the server&apos;s toolTimeoutSec).</source>
        <translation>Sekunden ohne Antwort oder Fortschritt, bevor der Aufruf abgebrochen wird (Standard: toolTimeoutSec des Servers).</translation>
    </message>
    <message>
        <source>The tool, by the server&apos;s own name.</source>
        <translation>Das Werkzeug, mit dem eigenen Namen des Servers.</translation>
    </message>
    <message>
        <source>Calls one tool of an MCP server and prints its result; exits 1 when the result is an error. Progress goes to standard error. Questions the server asks (forms, pages to open) are asked on the terminal, and declined without one.</source>
        <translation>Ruft ein Werkzeug eines MCP-Servers auf und gibt sein Ergebnis aus; endet mit 1, wenn das Ergebnis ein Fehler ist. Der Fortschritt geht auf die Standardfehlerausgabe. Fragen des Servers (Formulare, zu öffnende Seiten) werden am Terminal gestellt und ohne Terminal abgelehnt.</translation>
    </message>
    <message>
        <source>name the server and the tool</source>
        <translation>geben Sie den Server und das Werkzeug an</translation>
    </message>
    <message>
        <source>--timeout takes a whole number of seconds above 0</source>
        <translation>--timeout erwartet eine ganze Zahl von Sekunden größer als 0</translation>
    </message>
    <message>
        <source>%1 offers no tool &quot;%2&quot;; its tools are: %3</source>
        <translation>%1 bietet kein Werkzeug „%2“ an; seine Werkzeuge sind: %3</translation>
    </message>
    <message>
        <source>open %1 (%2), then call again</source>
        <translation>öffnen Sie %1 (%2) und rufen Sie dann erneut auf</translation>
    </message>
    <message>
        <source>it has an outputSchema but sent no structuredContent</source>
        <translation>es hat ein outputSchema, hat aber keinen structuredContent gesendet</translation>
    </message>
    <message>
        <source>warning: the result breaks the tool&apos;s outputSchema: %1</source>
        <translation>Warnung: das Ergebnis verletzt das outputSchema des Werkzeugs: %1</translation>
    </message>
    <message>
        <source>Print the event stream as JSON lines; read approve/deny/answer/interrupt commands as JSON lines on standard input.</source>
        <translation>Den Ereignisstrom als JSON-Zeilen ausgeben; approve/deny/answer/interrupt-Befehle als JSON-Zeilen von der Standardeingabe lesen.</translation>
    </message>
    <message>
        <source>declined a question (%1): there is no terminal to ask on</source>
        <translation>eine Frage abgelehnt (%1): es gibt kein Terminal, um zu fragen</translation>
    </message>
    <message>
        <source>A tool</source>
        <translation>Ein Werkzeug</translation>
    </message>
    <message>
        <source>%1 asks: %2</source>
        <translation>%1 fragt: %2</translation>
    </message>
    <message numerus="yes">
        <source>  [y] fill in the form (%n field(s))  [d] decline  [c] cancel: </source>
        <translation>
            <numerusform>  [y] Formular ausfüllen (%n Feld)  [d] ablehnen  [c] abbrechen: </numerusform>
            <numerusform>  [y] Formular ausfüllen (%n Felder)  [d] ablehnen  [c] abbrechen: </numerusform>
        </translation>
    </message>
    <message>
        <source>%1 asks you to open a page on %2: %3</source>
        <translation>%1 bittet Sie, eine Seite auf %2 zu öffnen: %3</translation>
    </message>
    <message>
        <source>  Open it? [y] yes  [n] no  [c] cancel: </source>
        <translation>  Öffnen? [y] ja  [n] nein  [c] abbrechen: </translation>
    </message>
    <message>
        <source>  Allow? [y] yes  [n] no: </source>
        <translation>  Erlauben? [y] ja  [n] nein: </translation>
    </message>
    <message>
        <source>%1 asks the model %2 to answer:</source>
        <translation>%1 bittet das Modell %2 um eine Antwort:</translation>
    </message>
    <message>
        <source>of this session</source>
        <translation>dieser Sitzung</translation>
    </message>
    <message>
        <source>  system: %1</source>
        <translation>  System: %1</translation>
    </message>
    <message>
        <source>  at most %1 tokens</source>
        <translation>  höchstens %1 Tokens</translation>
    </message>
    <message>
        <source>choose by number or name, several separated by commas</source>
        <translation>nach Nummer oder Name wählen, mehrere durch Kommas getrennt</translation>
    </message>
    <message>
        <source>choose by number or name</source>
        <translation>nach Nummer oder Name wählen</translation>
    </message>
    <message>
        <source>[Enter: %1]</source>
        <translation>[Eingabe: %1]</translation>
    </message>
    <message>
        <source>(required)</source>
        <translation>(erforderlich)</translation>
    </message>
    <message>
        <source>[Enter: leave out]</source>
        <translation>[Eingabe: weglassen]</translation>
    </message>
    <message>
        <source>  That will not do:</source>
        <translation>  So geht das nicht:</translation>
    </message>
    <message>
        <source>  [r] fill in again  [d] decline  [c] cancel: </source>
        <translation>  [r] erneut ausfüllen  [d] ablehnen  [c] abbrechen: </translation>
    </message>
    <message>
        <source>&quot;%1&quot; is none of the choices</source>
        <translation>„%1“ ist keine der Auswahlmöglichkeiten</translation>
    </message>
    <message>
        <source>answer y or n</source>
        <translation>antworten Sie mit y oder n</translation>
    </message>
    <message>
        <source>a whole number, please</source>
        <translation>bitte eine ganze Zahl</translation>
    </message>
    <message>
        <source>a number, please</source>
        <translation>bitte eine Zahl</translation>
    </message>
    <message>
        <source>  Could not open a browser; open this address yourself: %1</source>
        <translation>  Es konnte kein Browser geöffnet werden; öffnen Sie diese Adresse selbst: %1</translation>
    </message>
    <message>
        <source>  y or n: </source>
        <translation>  y oder n: </translation>
    </message>
    <message>
        <source>  r, d or c: </source>
        <translation>  r, d oder c: </translation>
    </message>
    <message>
        <source>  y, d or c: </source>
        <translation>  y, d oder c: </translation>
    </message>
    <message>
        <source>  y, n or c: </source>
        <translation>  y, n oder c: </translation>
    </message>
    <message>
        <source>    %1 is required: </source>
        <translation>    %1 ist erforderlich: </translation>
    </message>
    <message>
        <source>MCP servers: list, add, remove, import, test, sign in; their tools, resources and prompts; call a tool</source>
        <translation>MCP-Server: auflisten, hinzufügen, entfernen, importieren, testen, anmelden; ihre Werkzeuge, Ressourcen und Prompts; ein Werkzeug aufrufen</translation>
    </message>
    <message>
        <source>there is no MCP server &quot;%1&quot;: none is configured (valis-cli mcp add)</source>
        <translation>es gibt keinen MCP-Server „%1“: es ist keiner eingerichtet (valis-cli mcp add)</translation>
    </message>
    <message>
        <source>there is no MCP server &quot;%1&quot;; the servers are: %2</source>
        <translation>es gibt keinen MCP-Server „%1“; vorhandene Server: %2</translation>
    </message>
    <message>
        <source>To sign in to %1, open: %2</source>
        <translation>Zum Anmelden bei %1 öffnen Sie: %2</translation>
    </message>
    <message>
        <source>the server did not start</source>
        <translation>der Server ist nicht gestartet</translation>
    </message>
    <message>
        <source>valis-cli mcp call has no model to answer sampling requests; use the tool in a session (valis-cli run), where the session&apos;s model answers them</source>
        <translation>valis-cli mcp call hat kein Modell, um Sampling-Anfragen zu beantworten; verwenden Sie das Werkzeug in einer Sitzung (valis-cli run), wo das Modell der Sitzung sie beantwortet</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP-Server %1</translation>
    </message>
    <message>
        <source>the elicitation&apos;s url is not a web address</source>
        <translation>die url der Elicitation ist keine Webadresse</translation>
    </message>
    <message>
        <source>%1 asked a question (%2), declined: there is no terminal to ask on</source>
        <translation>%1 hat eine Frage gestellt (%2), abgelehnt: es gibt kein Terminal, um zu fragen</translation>
    </message>
    <message>
        <source>the server is not connected</source>
        <translation>der Server ist nicht verbunden</translation>
    </message>
    <message>
        <source>Open this address in a browser: %1</source>
        <translation>Öffnen Sie diese Adresse in einem Browser: %1</translation>
    </message>
    <message>
        <source>it did not start</source>
        <translation>er ist nicht gestartet</translation>
    </message>
    <message>
        <source>the required MCP server %1 did not start: %2</source>
        <translation>der erforderliche MCP-Server %1 ist nicht gestartet: %2</translation>
    </message>
    <message>
        <source>the MCP server %1 did not start (its tools are unavailable): %2</source>
        <translation>der MCP-Server %1 ist nicht gestartet (seine Werkzeuge sind nicht verfügbar): %2</translation>
    </message>
    <message>
        <source>  (the question went away: the tool call ended)</source>
        <translation>  (die Frage hat sich erledigt: der Werkzeugaufruf wurde beendet)</translation>
    </message>
    <message>
        <source>declined a question of %1 (%2): nobody is there to answer it</source>
        <translation>eine Frage von %1 abgelehnt (%2): niemand ist da, um sie zu beantworten</translation>
    </message>
    <message>
        <source>Provider ids: anthropic, openai, openai-compatible, ...; mcp:SERVER for an HTTP MCP server&apos;s bearer token</source>
        <translation>Anbieter-IDs: anthropic, openai, openai-compatible, …; mcp:SERVER für das Bearer-Token eines HTTP-MCP-Servers</translation>
    </message>
    <message>
        <source>Print the versions of valis-cli, Qt and the plugin API</source>
        <translation>Die Versionen von valis-cli, Qt und der Plugin-API ausgeben</translation>
    </message>
    <message>
        <source>The shell: bash, zsh or fish.</source>
        <translation>Die Shell: bash, zsh oder fish.</translation>
    </message>
    <message>
        <source>Prints a completion script for a shell, made from the options every command declares. Sessions, MCP servers, plugins and providers are completed by asking valis-cli when Tab is pressed. Try it with &apos;source &lt;(valis-cli completion bash)&apos;; keep it as ~/.local/share/bash-completion/completions/valis-cli (bash), as _valis-cli in a folder of $fpath (zsh), or as ~/.config/fish/completions/valis-cli.fish (fish).</source>
        <translation>Gibt ein Vervollständigungsskript für eine Shell aus, erzeugt aus den Optionen, die jeder Befehl angibt. Sitzungen, MCP-Server, Plugins und Anbieter werden vervollständigt, indem beim Drücken von Tab valis-cli gefragt wird. Ausprobieren mit &apos;source &lt;(valis-cli completion bash)&apos;; dauerhaft ablegen als ~/.local/share/bash-completion/completions/valis-cli (bash), als _valis-cli in einem Ordner aus $fpath (zsh) oder als ~/.config/fish/completions/valis-cli.fish (fish).</translation>
    </message>
    <message>
        <source>name the shell: bash, zsh or fish</source>
        <translation>nennen Sie die Shell: bash, zsh oder fish</translation>
    </message>
    <message>
        <source>Print only the servers&apos; names, one a line (for scripts and shell completion).</source>
        <translation>Nur die Namen der Server ausgeben, einen pro Zeile (für Skripte und die Shell-Vervollständigung).</translation>
    </message>
    <message>
        <source>Enable the plugin PLUGIN (from the next start).</source>
        <translation>Das Plugin PLUGIN aktivieren (ab dem nächsten Start).</translation>
    </message>
    <message>
        <source>Disable the plugin PLUGIN (from the next start).</source>
        <translation>Das Plugin PLUGIN deaktivieren (ab dem nächsten Start).</translation>
    </message>
    <message>
        <source>Print only the plugins&apos; ids, one a line (for scripts and shell completion).</source>
        <translation>Nur die IDs der Plugins ausgeben, eine pro Zeile (für Skripte und die Shell-Vervollständigung).</translation>
    </message>
    <message>
        <source>Print only the ids of the providers the running plugins offer, one a line.</source>
        <translation>Nur die IDs der Anbieter ausgeben, die die laufenden Plugins bereitstellen, eine pro Zeile.</translation>
    </message>
    <message>
        <source>Print only the sessions&apos; ids, one a line (for scripts and shell completion).</source>
        <translation>Nur die IDs der Sitzungen ausgeben, eine pro Zeile (für Skripte und die Shell-Vervollständigung).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; did not say which options it takes; it cannot be completed</source>
        <translation>„%1“ hat nicht angegeben, welche Optionen es annimmt; es kann nicht vervollständigt werden</translation>
    </message>
    <message>
        <source>Print a shell completion script for bash, zsh or fish</source>
        <translation>Ein Shell-Vervollständigungsskript für bash, zsh oder fish ausgeben</translation>
    </message>
    <message>
        <source>the session %1 has no message #%2</source>
        <translation>die Sitzung %1 hat keine Nachricht #%2</translation>
    </message>
    <message>
        <source>The message to fork at (its id, or its number as `valis-cli show` prints it): the fork starts with the conversation up to and including it.</source>
        <translation>Die Nachricht, an der geforkt wird (ihre ID oder ihre Nummer, wie `valis-cli show` sie ausgibt): Der Fork beginnt mit der Unterhaltung bis einschließlich dieser Nachricht.</translation>
    </message>
    <message>
        <source>Run this request in the fork at once, like `valis-cli run`; when the turn ends its answer is reported to the parent session.</source>
        <translation>Diese Anfrage sofort im Fork ausführen, wie `valis-cli run`; wenn die Runde endet, wird ihre Antwort an die übergeordnete Sitzung gemeldet.</translation>
    </message>
    <message>
        <source>The session to fork.</source>
        <translation>Die Sitzung, die geforkt wird.</translation>
    </message>
    <message>
        <source>Forks a session at a message into a new session linked to it, with its own history strategy (--history oneshot: a worker that gets the plan and its prompt only). Prints the fork&apos;s id.</source>
        <translation>Forkt eine Sitzung an einer Nachricht in eine neue, mit ihr verknüpfte Sitzung mit eigener Verlaufsstrategie (--history oneshot: ein Worker, der nur den Plan und seinen Prompt bekommt). Gibt die ID des Forks aus.</translation>
    </message>
    <message>
        <source>name exactly one session to fork</source>
        <translation>geben Sie genau eine Sitzung zum Forken an</translation>
    </message>
    <message>
        <source>say where to fork with --at MESSAGE</source>
        <translation>geben Sie mit --at MESSAGE an, wo geforkt werden soll</translation>
    </message>
    <message>
        <source>forked %1 at %2 into %3 (history: %4)</source>
        <translation>%1 bei %2 in %3 geforkt (Verlauf: %4)</translation>
    </message>
    <message>
        <source>warning: the fork&apos;s answer could not be reported to %1: %2</source>
        <translation>Warnung: Die Antwort des Forks konnte nicht an %1 gemeldet werden: %2</translation>
    </message>
    <message>
        <source>reported to %1 as message %2</source>
        <translation>an %1 als Nachricht %2 gemeldet</translation>
    </message>
    <message>
        <source>Write each request&apos;s exact view into DIR as JSON, one file per request (0001-T12.json: system prompt, tools, messages with boards, tokens, provider options, what the build recorded); a file of several sessions gets a folder per session.</source>
        <translation>Die genaue Ansicht jeder Anfrage als JSON in DIR schreiben, eine Datei pro Anfrage (0001-T12.json: System-Prompt, Werkzeuge, Nachrichten samt Anschlagbrettern, Tokens, Anbieteroptionen, was beim Aufbau festgehalten wurde); eine Datei mit mehreren Sitzungen bekommt einen Ordner pro Sitzung.</translation>
    </message>
    <message>
        <source>--regenerate asks a model: choose a provider with --provider (or set defaultProvider in %1)</source>
        <translation>--regenerate fragt ein Modell: wählen Sie einen Anbieter mit --provider (oder setzen Sie defaultProvider in %1)</translation>
    </message>
    <message>
        <source>The session whose turn versions to show.</source>
        <translation>Die Sitzung, deren Rundenversionen angezeigt werden.</translation>
    </message>
    <message>
        <source>Only this level: S (smoothed), C (compressed) or T (tiny).</source>
        <translation>Nur diese Stufe: S (geglättet), C (komprimiert) oder T (winzig).</translation>
    </message>
    <message>
        <source>Only turn N.</source>
        <translation>Nur Runde N.</translation>
    </message>
    <message>
        <source>Make and store the extractive versions of every turn that has none, or only stale ones (imported transcripts).</source>
        <translation>Die extraktiven Versionen jeder Runde erstellen und speichern, die keine oder nur veraltete hat (importierte Transkripte).</translation>
    </message>
    <message>
        <source>Ask the model again for the versions of the chosen turns (all without --turn) and store its answers.</source>
        <translation>Das Modell erneut nach den Versionen der gewählten Runden fragen (ohne --turn alle) und seine Antworten speichern.</translation>
    </message>
    <message>
        <source>With --regenerate: the provider (default: the settings&apos; defaultProvider).</source>
        <translation>Mit --regenerate: der Anbieter (Standard: defaultProvider aus den Einstellungen).</translation>
    </message>
    <message>
        <source>With --regenerate: the model (default: the provider&apos;s model in the settings).</source>
        <translation>Mit --regenerate: das Modell (Standard: das Modell des Anbieters in den Einstellungen).</translation>
    </message>
    <message>
        <source>With --regenerate: send requests here instead.</source>
        <translation>Mit --regenerate: Anfragen stattdessen hierhin senden.</translation>
    </message>
    <message>
        <source>Shows the smoothed (S), compressed (C) and tiny (T) versions of a session&apos;s turns: their tokens, the model that wrote them and whether the turn changed since (stale).</source>
        <translation>Zeigt die geglätteten (S), komprimierten (C) und winzigen (T) Versionen der Runden einer Sitzung: ihre Tokens, das Modell, das sie geschrieben hat, und ob sich die Runde seitdem geändert hat (veraltet).</translation>
    </message>
    <message>
        <source>--level takes S, C or T, not &quot;%1&quot;</source>
        <translation>--level erwartet S, C oder T, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--turn takes a turn number (0 or more)</source>
        <translation>--turn erwartet eine Rundennummer (0 oder mehr)</translation>
    </message>
    <message>
        <source>session %1 has no turn %2</source>
        <translation>Sitzung %1 hat keine Runde %2</translation>
    </message>
    <message numerus="yes">
        <source>stored the extractive versions of %n turn(s)</source>
        <translation>
            <numerusform>die extraktiven Versionen von %n Runde gespeichert</numerusform>
            <numerusform>die extraktiven Versionen von %n Runden gespeichert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n turn(s)</source>
        <translation>
            <numerusform>%1 · %n Runde</numerusform>
            <numerusform>%1 · %n Runden</numerusform>
        </translation>
    </message>
    <message>
        <source>no versions</source>
        <translation>keine Versionen</translation>
    </message>
    <message>
        <source>%1 tokens · %2</source>
        <translation>%1 Tokens · %2</translation>
    </message>
    <message>
        <source>stale: the turn changed since</source>
        <translation>veraltet: Die Runde hat sich seitdem geändert</translation>
    </message>
    <message numerus="yes">
        <source>%n turn(s) without versions: valis-cli turns %1 --build makes them</source>
        <translation>
            <numerusform>%n Runde ohne Versionen: valis-cli turns %1 --build erstellt sie</numerusform>
            <numerusform>%n Runden ohne Versionen: valis-cli turns %1 --build erstellt sie</numerusform>
        </translation>
    </message>
    <message>
        <source>Fork a session at a message into a new linked session, optionally running its first turn</source>
        <translation>Eine Sitzung an einer Nachricht in eine neue, verknüpfte Sitzung forken, optional mit Ausführung ihrer ersten Runde</translation>
    </message>
    <message>
        <source>Show the smoothed, compressed and tiny versions of a session&apos;s turns; build or regenerate them</source>
        <translation>Die geglätteten, komprimierten und winzigen Versionen der Runden einer Sitzung anzeigen; sie erstellen oder neu erzeugen</translation>
    </message>
    <message>
        <source>How the session&apos;s history is shown to the model: regular (the configured context strategies), gradient (recent turns whole, older ones at lower fidelity) or oneshot (the task, the plan and the progress ledger only). Recorded; a continued session keeps its last choice.</source>
        <translation>Wie der Verlauf der Sitzung dem Modell gezeigt wird: regular (die eingestellten Kontextstrategien), gradient (neuere Runden vollständig, ältere in geringerer Detailtreue) oder oneshot (nur die Aufgabe, der Plan und das Fortschrittsprotokoll). Wird gespeichert; eine fortgesetzte Sitzung behält ihre letzte Wahl.</translation>
    </message>
    <message>
        <source>finishing the turn&apos;s shorter versions...</source>
        <translation>die kürzeren Versionen der Runde werden fertiggestellt...</translation>
    </message>
    <message>
        <source>Extract lessons, references and topics from sessions, consolidate them</source>
        <translation>Erkenntnisse, Referenzen und Themen aus Sitzungen extrahieren und zusammenführen</translation>
    </message>
    <message>
        <source>List, accept or reject what memory processing proposes</source>
        <translation>Vorschläge der Gedächtnisverarbeitung auflisten, annehmen oder ablehnen</translation>
    </message>
    <message>
        <source>Embed records and messages for vector recall (--status: how far it is)</source>
        <translation>Embeddings von Einträgen und Nachrichten für den Vektorabruf berechnen (--status: wie weit es ist)</translation>
    </message>
    <message>
        <source>memories</source>
        <translation>Erinnerungen</translation>
    </message>
    <message>
        <source>transcripts</source>
        <translation>Transkripte</translation>
    </message>
    <message>
        <source>the session database cannot be opened</source>
        <translation>die Sitzungsdatenbank kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Embeddings: %1 through %2</source>
        <translation>Embeddings: %1 über %2</translation>
    </message>
    <message>
        <source>Embeddings are off (config/memory.json &quot;embeddings&quot;); recall is lexical.</source>
        <translation>Embeddings sind deaktiviert (config/memory.json „embeddings“); der Abruf ist lexikalisch.</translation>
    </message>
    <message>
        <source>%1 (store %2):</source>
        <translation>%1 (Speicher %2):</translation>
    </message>
    <message>
        <source>no vectors</source>
        <translation>keine Vektoren</translation>
    </message>
    <message>
        <source>configured</source>
        <translation>konfiguriert</translation>
    </message>
    <message>
        <source>searched by recall</source>
        <translation>vom Abruf durchsucht</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>vollständig</translation>
    </message>
    <message>
        <source>%1 dimensions</source>
        <translation>%1 Dimensionen</translation>
    </message>
    <message>
        <source>no vectors yet</source>
        <translation>noch keine Vektoren</translation>
    </message>
    <message>
        <source>%1 of %2 with vectors, %3 pending</source>
        <translation>%1 von %2 mit Vektoren, %3 ausstehend</translation>
    </message>
    <message>
        <source>%1 stale</source>
        <translation>%1 veraltet</translation>
    </message>
    <message>
        <source>index: %1%2</source>
        <translation>Index: %1%2</translation>
    </message>
    <message>
        <source> (not saved yet)</source>
        <translation> (noch nicht gespeichert)</translation>
    </message>
    <message>
        <source>%1: %2 / %3</source>
        <translation>%1: %2 / %3</translation>
    </message>
    <message>
        <source>Only show, per vector space, how many passages have vectors, how many are pending, and where the index files are.</source>
        <translation>Nur anzeigen, wie viele Passagen pro Vektorraum Vektoren haben, wie viele ausstehen und wo die Indexdateien liegen.</translation>
    </message>
    <message>
        <source>Leave the memory&apos;s records out.</source>
        <translation>Die Einträge des Gedächtnisses auslassen.</translation>
    </message>
    <message>
        <source>Leave the transcripts out.</source>
        <translation>Die Transkripte auslassen.</translation>
    </message>
    <message>
        <source>One JSON object per source (per space with --status).</source>
        <translation>Ein JSON-Objekt pro Quelle (pro Vektorraum mit --status).</translation>
    </message>
    <message>
        <source>Embeds the memory&apos;s records and the transcripts&apos; messages that have no vector yet, with the model config/memory.json&apos;s &quot;embeddings&quot; names, and saves the vector indexes recall searches. Progress goes to stderr.</source>
        <translation>Berechnet Embeddings für die Einträge des Gedächtnisses und die Nachrichten der Transkripte, die noch keinen Vektor haben, mit dem Modell, das „embeddings“ in config/memory.json nennt, und speichert die Vektorindizes, die der Abruf durchsucht. Der Fortschritt geht nach stderr.</translation>
    </message>
    <message>
        <source>embeddings are off: set &quot;embeddings&quot;: {&quot;enabled&quot;: true, &quot;provider&quot;: ..., &quot;model&quot;: ...} in %1</source>
        <translation>Embeddings sind deaktiviert: Setzen Sie &quot;embeddings&quot;: {&quot;enabled&quot;: true, &quot;provider&quot;: ..., &quot;model&quot;: ...} in %1</translation>
    </message>
    <message>
        <source>no embedding provider plugin is running (&quot;%1&quot; was asked for)</source>
        <translation>kein Embedding-Anbieter-Plugin läuft (angefordert wurde „%1“)</translation>
    </message>
    <message>
        <source>no embedding provider &quot;%1&quot;; running: %2</source>
        <translation>kein Embedding-Anbieter „%1“; laufend: %2</translation>
    </message>
    <message>
        <source>%1: %2 needed a vector: %3 embedded, %4 from the cache; %5 removed</source>
        <translation>%1: %2 brauchten einen Vektor: %3 berechnet, %4 aus dem Cache; %5 entfernt</translation>
    </message>
    <message>
        <source>%1 requests to %2.</source>
        <translation>%1 Anfragen an %2.</translation>
    </message>
    <message>
        <source>the summary provider in memory.json, %1, is not running</source>
        <translation>der Zusammenfassungsanbieter in memory.json, %1, läuft nicht</translation>
    </message>
    <message>
        <source>Use this store for one run: sqlite:PATH or postgresql://USER@HOST:PORT/DATABASE.</source>
        <translation>Diesen Speicher für einen Lauf verwenden: sqlite:PATH oder postgresql://USER@HOST:PORT/DATABASE.</translation>
    </message>
    <message>
        <source>Whose memory (default: config/tools.json&apos;s agent).</source>
        <translation>Wessen Gedächtnis (Standard: der Agent aus config/tools.json).</translation>
    </message>
    <message>
        <source>Only this session (repeatable).</source>
        <translation>Nur diese Sitzung (wiederholbar).</translation>
    </message>
    <message>
        <source>Only sessions updated since DATE (2026-05-01 or an ISO time).</source>
        <translation>Nur Sitzungen, die seit DATE aktualisiert wurden (2026-05-01 oder eine ISO-Zeit).</translation>
    </message>
    <message>
        <source>Do not ask the summary model of memory.json; extract deterministically.</source>
        <translation>Das Zusammenfassungsmodell aus memory.json nicht fragen; deterministisch extrahieren.</translation>
    </message>
    <message>
        <source>Do not ask the OS keychain for the summary model&apos;s key; use the environment only.</source>
        <translation>Den Schlüsselbund des Betriebssystems nicht nach dem Schlüssel des Zusammenfassungsmodells fragen; nur die Umgebung verwenden.</translation>
    </message>
    <message>
        <source>Print the summary as one JSON object.</source>
        <translation>Die Zusammenfassung als ein JSON-Objekt ausgeben.</translation>
    </message>
    <message>
        <source>Extracts topics, lessons and references from stored sessions, consolidates them and proposes recommendations. Resumes where it stopped.</source>
        <translation>Extrahiert Themen, Erkenntnisse und Referenzen aus gespeicherten Sitzungen, führt sie zusammen und schlägt Empfehlungen vor. Setzt dort fort, wo es aufgehört hat.</translation>
    </message>
    <message>
        <source>--since needs a date like 2026-05-01, not &quot;%1&quot;</source>
        <translation>--since braucht ein Datum wie 2026-05-01, nicht „%1“</translation>
    </message>
    <message>
        <source>memory process: %1/%2 sessions (%3)</source>
        <translation>memory process: %1/%2 Sitzungen (%3)</translation>
    </message>
    <message>
        <source>%1 sessions read (%2 up to date), %3 messages, %4</source>
        <translation>%1 Sitzungen gelesen (%2 aktuell), %3 Nachrichten, %4</translation>
    </message>
    <message>
        <source>stored %1 lessons, %2 references, %3 topics (%4 new, %5 merged, %6 superseded, %7 decayed)</source>
        <translation>%1 Erkenntnisse, %2 Referenzen, %3 Themen gespeichert (%4 neu, %5 zusammengeführt, %6 ersetzt, %7 verblasst)</translation>
    </message>
    <message>
        <source>%1 new recommendations: valis-cli memory recommendations</source>
        <translation>%1 neue Empfehlungen: valis-cli memory recommendations</translation>
    </message>
    <message>
        <source>Carry out recommendation KEY.</source>
        <translation>Empfehlung KEY ausführen.</translation>
    </message>
    <message>
        <source>Turn recommendation KEY down.</source>
        <translation>Empfehlung KEY ablehnen.</translation>
    </message>
    <message>
        <source>Also list accepted and rejected ones.</source>
        <translation>Auch angenommene und abgelehnte auflisten.</translation>
    </message>
    <message>
        <source>One JSON object per recommendation.</source>
        <translation>Ein JSON-Objekt pro Empfehlung.</translation>
    </message>
    <message>
        <source>Lists what offline processing proposes (AGENTS.md lines, skills, deletions); nothing changes until you accept.</source>
        <translation>Listet auf, was die Offline-Verarbeitung vorschlägt (AGENTS.md-Zeilen, Skills, Löschungen); nichts ändert sich, bevor Sie annehmen.</translation>
    </message>
    <message>
        <source>--accept and --reject exclude each other</source>
        <translation>--accept und --reject schließen sich gegenseitig aus</translation>
    </message>
    <message>
        <source>accepted: %1</source>
        <translation>angenommen: %1</translation>
    </message>
    <message>
        <source>rejected: %1</source>
        <translation>abgelehnt: %1</translation>
    </message>
    <message>
        <source>No recommendations.</source>
        <translation>Keine Empfehlungen.</translation>
    </message>
    <message>
        <source>What to recall, in plain words (any may match).</source>
        <translation>Was abgerufen werden soll, in einfachen Worten (jedes kann passen).</translation>
    </message>
    <message>
        <source>Only this session&apos;s messages.</source>
        <translation>Nur die Nachrichten dieser Sitzung.</translation>
    </message>
    <message>
        <source>Every stored session (the default).</source>
        <translation>Alle gespeicherten Sitzungen (Standard).</translation>
    </message>
    <message>
        <source>Never this session&apos;s messages (as the runtime step leaves out the live one).</source>
        <translation>Nie die Nachrichten dieser Sitzung (so wie der Laufzeitschritt die laufende auslässt).</translation>
    </message>
    <message>
        <source>How many passages (default 10).</source>
        <translation>Wie viele Passagen (Standard 10).</translation>
    </message>
    <message>
        <source>Only memory records of TYPE (repeatable).</source>
        <translation>Nur Gedächtniseinträge vom Typ TYPE (wiederholbar).</translation>
    </message>
    <message>
        <source>The agent whose memory is searched (default: config/tools.json&apos;s).</source>
        <translation>Der Agent, dessen Gedächtnis durchsucht wird (Standard: der aus config/tools.json).</translation>
    </message>
    <message>
        <source>Use this memory store for this run: sqlite:PATH or a postgresql:// address.</source>
        <translation>Diesen Gedächtnisspeicher für diesen Lauf verwenden: sqlite:PATH oder eine postgresql://-Adresse.</translation>
    </message>
    <message>
        <source>One JSON object per passage.</source>
        <translation>Ein JSON-Objekt pro Passage.</translation>
    </message>
    <message>
        <source>Prints the ranked passages of memories and earlier sessions that the runtime recall step would consider for QUERY, with their scores and the retrievers that found them. Exits with 1 when nothing is found.</source>
        <translation>Gibt die sortierten Passagen aus Erinnerungen und früheren Sitzungen aus, die der Abrufschritt zur Laufzeit für QUERY in Betracht ziehen würde, mit ihren Bewertungen und den Retrievern, die sie gefunden haben. Endet mit 1, wenn nichts gefunden wird.</translation>
    </message>
    <message>
        <source>give words to recall for</source>
        <translation>geben Sie Wörter an, zu denen abgerufen werden soll</translation>
    </message>
    <message>
        <source>--session and --all cannot be used together</source>
        <translation>--session und --all können nicht zusammen verwendet werden</translation>
    </message>
    <message>
        <source>--k needs a positive number</source>
        <translation>--k braucht eine positive Zahl</translation>
    </message>
    <message>
        <source>valis-cli recall: vectors are not used: %1</source>
        <translation>valis-cli recall: Vektoren werden nicht verwendet: %1</translation>
    </message>
    <message>
        <source>Show the passages of memories and earlier sessions recall would offer for a question, ranked</source>
        <translation>Die Passagen aus Erinnerungen und früheren Sitzungen sortiert anzeigen, die der Abruf zu einer Frage anbieten würde</translation>
    </message>
    <message>
        <source>the recall filter provider in recall.json: %1</source>
        <translation>der Anbieter des Abruffilters in recall.json: %1</translation>
    </message>
    <message>
        <source>Do not remind the model of memories and earlier sessions before the turn (see config/recall.json).</source>
        <translation>Das Modell vor der Runde nicht an Erinnerungen und frühere Sitzungen erinnern (siehe config/recall.json).</translation>
    </message>
    <message>
        <source>The longest the turn waits for recall, in milliseconds (default: recall.json&apos;s budgetMs, 1000); what arrives later is offered on the next turn.</source>
        <translation>Die längste Zeit, die die Runde auf den Abruf wartet, in Millisekunden (Standard: budgetMs aus recall.json, 1000); was später eintrifft, wird in der nächsten Runde angeboten.</translation>
    </message>
    <message>
        <source>--recall-budget takes a whole number of milliseconds, 0 or more</source>
        <translation>--recall-budget erwartet eine ganze Zahl von Millisekunden, 0 oder mehr</translation>
    </message>
    <message>
        <source>warning: recall without vectors: %1</source>
        <translation>Warnung: Abruf ohne Vektoren: %1</translation>
    </message>
    <message>
        <source>The remote machines Valis created (label valis-session), and their state</source>
        <translation>Die entfernten Rechner, die Valis erstellt hat (Label valis-session), und ihr Zustand</translation>
    </message>
    <message>
        <source>Delete the remote machines Valis created and left behind</source>
        <translation>Die entfernten Rechner löschen, die Valis erstellt und zurückgelassen hat</translation>
    </message>
    <message>
        <source>Bring the files a session changed on its remote machine back into its workspace</source>
        <translation>Die Dateien, die eine Sitzung auf ihrem entfernten Rechner geändert hat, in ihren Arbeitsbereich zurückholen</translation>
    </message>
    <message>
        <source>there is no remote sandbox &quot;%1&quot;; the remote sandboxes are: %2</source>
        <translation>es gibt keine entfernte Sandbox „%1“; verfügbare entfernte Sandboxen: %2</translation>
    </message>
    <message>
        <source>none (no remote sandbox plugin loaded)</source>
        <translation>keine (kein Plugin für entfernte Sandboxen geladen)</translation>
    </message>
    <message>
        <source>Do not ask the OS keychain for keys; use the environment only.</source>
        <translation>Den Schlüsselbund des Betriebssystems nicht nach Schlüsseln fragen; nur Umgebungsvariablen verwenden.</translation>
    </message>
    <message>
        <source>daytona, runloop, modal (default: all)</source>
        <translation>daytona, runloop, modal (Standard: alle)</translation>
    </message>
    <message>
        <source>Lists the remote machines Valis created, found by their valis-session label.</source>
        <translation>Listet die entfernten Rechner auf, die Valis erstellt hat, erkannt an ihrem Label valis-session.</translation>
    </message>
    <message>
        <source>no remote machines created by Valis</source>
        <translation>keine von Valis erstellten entfernten Rechner</translation>
    </message>
    <message>
        <source>created %1</source>
        <translation>erstellt %1</translation>
    </message>
    <message>
        <source>(leftover: no session holds it)</source>
        <translation>(übrig geblieben: keine Sitzung gehört dazu)</translation>
    </message>
    <message>
        <source>Only the machine of this session.</source>
        <translation>Nur den Rechner dieser Sitzung.</translation>
    </message>
    <message>
        <source>Say what would be deleted; delete nothing.</source>
        <translation>Anzeigen, was gelöscht würde; nichts löschen.</translation>
    </message>
    <message>
        <source>Deletes the remote machines Valis created (label valis-session) and left behind. Machines Valis did not create are never touched.</source>
        <translation>Löscht die entfernten Rechner, die Valis erstellt (Label valis-session) und zurückgelassen hat. Rechner, die Valis nicht erstellt hat, werden nie angerührt.</translation>
    </message>
    <message>
        <source>would delete %1 machine %2 (session %3)</source>
        <translation>würde %1-Rechner %2 löschen (Sitzung %3)</translation>
    </message>
    <message>
        <source>deleted %1 machine %2 (session %3)</source>
        <translation>%1-Rechner %2 gelöscht (Sitzung %3)</translation>
    </message>
    <message numerus="yes">
        <source>%n machine(s) deleted</source>
        <translation>
            <numerusform>%n Rechner gelöscht</numerusform>
            <numerusform>%n Rechner gelöscht</numerusform>
        </translation>
    </message>
    <message>
        <source>The session whose machine has the files.</source>
        <translation>Die Sitzung, deren Rechner die Dateien hat.</translation>
    </message>
    <message>
        <source>Copies the files a session changed on its remote machine into its local workspace; files changed here too are not overwritten (the machine&apos;s version goes beside them).</source>
        <translation>Kopiert die Dateien, die eine Sitzung auf ihrem entfernten Rechner geändert hat, in ihren lokalen Arbeitsbereich; Dateien, die auch hier geändert wurden, werden nicht überschrieben (die Version des Rechners wird daneben abgelegt).</translation>
    </message>
    <message>
        <source>name one session</source>
        <translation>nennen Sie eine Sitzung</translation>
    </message>
    <message>
        <source>Usage: valis-cli sandbox &lt;subcommand&gt; [options]</source>
        <translation>Aufruf: valis-cli sandbox &lt;Unterbefehl&gt; [Optionen]</translation>
    </message>
    <message>
        <source>The remote machines sessions run on (valis-cli run --sandbox daytona|runloop|modal).</source>
        <translation>Die entfernten Rechner, auf denen Sitzungen laufen (valis-cli run --sandbox daytona|runloop|modal).</translation>
    </message>
    <message>
        <source>unknown subcommand &quot;%1&quot;; use list, cleanup or pull</source>
        <translation>unbekannter Unterbefehl „%1“; verwenden Sie list, cleanup oder pull</translation>
    </message>
    <message>
        <source>Remote machines (Daytona, Runloop, Modal): list them, delete leftovers, bring files back</source>
        <translation>Entfernte Rechner (Daytona, Runloop, Modal): auflisten, Überbleibsel löschen, Dateien zurückholen</translation>
    </message>
    <message>
        <source>remote: %1</source>
        <translation>entfernter Rechner: %1</translation>
    </message>
    <message>
        <source>cannot bring the files back: %1; the machine is kept: `valis-cli sandbox pull %2` tries again</source>
        <translation>die Dateien können nicht zurückgeholt werden: %1; der Rechner bleibt erhalten: `valis-cli sandbox pull %2` versucht es erneut</translation>
    </message>
    <message>
        <source>the machine %1 is kept: `valis-cli sandbox pull %2` brings files back, `valis-cli sandbox cleanup` deletes it</source>
        <translation>der Rechner %1 bleibt erhalten: `valis-cli sandbox pull %2` holt die Dateien zurück, `valis-cli sandbox cleanup` löscht ihn</translation>
    </message>
    <message>
        <source>deleted the machine %1</source>
        <translation>Rechner %1 gelöscht</translation>
    </message>
    <message>
        <source>  [y] once  [s] %1 for this session  [a] %1 always  [n] no (add a reason after it): </source>
        <translation>  [y] einmal  [s] %1 für diese Sitzung  [a] %1 immer  [n] nein (Begründung dahinter angeben): </translation>
    </message>
    <message>
        <source>With a remote sandbox (daytona, runloop, modal): keep the machine after the turn, so the session can continue on it (valis-cli sandbox pull/cleanup).</source>
        <translation>Mit einer entfernten Sandbox (daytona, runloop, modal): den Rechner nach der Runde behalten, damit die Sitzung darauf weiterlaufen kann (valis-cli sandbox pull/cleanup).</translation>
    </message>
    <message>
        <source>With a remote sandbox: do not copy the files the agent changed on the machine back into the workspace.</source>
        <translation>Mit einer entfernten Sandbox: die vom Agenten auf dem Rechner geänderten Dateien nicht in den Arbeitsbereich zurückkopieren.</translation>
    </message>
    <message>
        <source>&apos;valis-cli sandbox &lt;subcommand&gt; --help&apos; shows a subcommand&apos;s options.</source>
        <translation>&apos;valis-cli sandbox &lt;Unterbefehl&gt; --help&apos; zeigt die Optionen eines Unterbefehls.</translation>
    </message>
    <message>
        <source>the machine this session kept is gone (%1); creating a new one</source>
        <translation>der Rechner, den diese Sitzung behalten hat, ist nicht mehr da (%1); ein neuer wird erstellt</translation>
    </message>
    <message>
        <source>Serve Valis&apos;s memory and transcripts to other agents over MCP</source>
        <translation>Gedächtnis und Transkripte von Valis über MCP für andere Agenten bereitstellen</translation>
    </message>
    <message>
        <source>What other agents called on valis-cli mcp serve</source>
        <translation>Was andere Agenten über valis-cli mcp serve aufgerufen haben</translation>
    </message>
    <message>
        <source>valis-cli mcp serve: cannot write the audit log: %1</source>
        <translation>valis-cli mcp serve: das Audit-Protokoll kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Serve over stdin and stdout (the default), for an agent that starts valis-cli itself.</source>
        <translation>Über Standardeingabe und Standardausgabe bereitstellen (Standard), für einen Agenten, der valis-cli selbst startet.</translation>
    </message>
    <message>
        <source>Serve Streamable HTTP on this port (0: any free one) instead.</source>
        <translation>Stattdessen Streamable HTTP auf diesem Port bereitstellen (0: ein beliebiger freier).</translation>
    </message>
    <message>
        <source>The address HTTP listens on (default 127.0.0.1).</source>
        <translation>Die Adresse, auf der HTTP lauscht (Standard 127.0.0.1).</translation>
    </message>
    <message>
        <source>Whose memory and /memories/ to serve (default: config/tools.json&apos;s agent).</source>
        <translation>Wessen Gedächtnis und /memories/ bereitgestellt werden (Standard: der Agent aus config/tools.json).</translation>
    </message>
    <message>
        <source>Offer no tool that writes (no store_memory).</source>
        <translation>Kein schreibendes Werkzeug anbieten (kein store_memory).</translation>
    </message>
    <message>
        <source>HTTP: replace the bearer token in the keychain and print the new one once.</source>
        <translation>HTTP: das Bearer-Token im Schlüsselbund ersetzen und das neue einmal ausgeben.</translation>
    </message>
    <message>
        <source>HTTP: also accept requests from this Origin (repeatable).</source>
        <translation>HTTP: auch Anfragen von diesem Origin annehmen (wiederholbar).</translation>
    </message>
    <message>
        <source>Serves Valis&apos;s memory and session transcripts to other agents over MCP: search, read and store memories, search and read transcripts, the /memories/ files, as tools, resources and a recall prompt. Every call is written to the audit log (valis-cli mcp audit). For Claude Code: claude mcp add valis -- valis-cli mcp serve</source>
        <translation>Stellt das Gedächtnis und die Sitzungstranskripte von Valis über MCP für andere Agenten bereit: Erinnerungen durchsuchen, lesen und speichern, Transkripte durchsuchen und lesen, die Dateien unter /memories/, als Werkzeuge, Ressourcen und ein Abruf-Prompt. Jeder Aufruf wird in das Audit-Protokoll geschrieben (valis-cli mcp audit). Für Claude Code: claude mcp add valis -- valis-cli mcp serve</translation>
    </message>
    <message>
        <source>--stdio and --http exclude each other</source>
        <translation>--stdio und --http schließen einander aus</translation>
    </message>
    <message>
        <source>--http takes a port number from 0 to 65535</source>
        <translation>--http erwartet eine Portnummer von 0 bis 65535</translation>
    </message>
    <message>
        <source>--bind takes an IP address, got &quot;%1&quot;</source>
        <translation>--bind erwartet eine IP-Adresse, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--bind, --new-token and --allow-origin are for --http</source>
        <translation>--bind, --new-token und --allow-origin gelten nur für --http</translation>
    </message>
    <message>
        <source>valis-cli mcp serve: serving the memory of agent %1%2 over stdio</source>
        <translation>valis-cli mcp serve: stellt das Gedächtnis von Agent %1%2 über stdio bereit</translation>
    </message>
    <message>
        <source> (read-only)</source>
        <translation> (nur lesend)</translation>
    </message>
    <message>
        <source>Show the newest N calls (default 50).</source>
        <translation>Die neuesten N Aufrufe zeigen (Standard 50).</translation>
    </message>
    <message>
        <source>Print each call as one line of JSON.</source>
        <translation>Jeden Aufruf als eine JSON-Zeile ausgeben.</translation>
    </message>
    <message>
        <source>Prints the audit log of valis-cli mcp serve, newest first: which agent called what, when, how long it took and how it failed.</source>
        <translation>Gibt das Audit-Protokoll von valis-cli mcp serve aus, neueste zuerst: welcher Agent was wann aufgerufen hat, wie lange es gedauert hat und wie es fehlgeschlagen ist.</translation>
    </message>
    <message>
        <source>--limit takes a positive number</source>
        <translation>--limit erwartet eine positive Zahl</translation>
    </message>
    <message>
        <source>No calls yet (%1).</source>
        <translation>Noch keine Aufrufe (%1).</translation>
    </message>
    <message>
        <source>unknown client</source>
        <translation>unbekannter Client</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>[wrote]</source>
        <translation>[geschrieben]</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of the log could not be read.</source>
        <translation>
            <numerusform>%n Zeile des Protokolls konnte nicht gelesen werden.</numerusform>
            <numerusform>%n Zeilen des Protokolls konnten nicht gelesen werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>valis-cli mcp serve: a new bearer token was stored in the keychain (account %1). It is shown this once; clients send it as &quot;Authorization: Bearer TOKEN&quot;:</source>
        <translation>valis-cli mcp serve: ein neues Bearer-Token wurde im Schlüsselbund gespeichert (Konto %1). Es wird nur dieses eine Mal angezeigt; Clients senden es als „Authorization: Bearer TOKEN“:</translation>
    </message>
    <message>
        <source>cannot get the bearer token from the keychain: %1</source>
        <translation>das Bearer-Token kann nicht aus dem Schlüsselbund geholt werden: %1</translation>
    </message>
    <message>
        <source>valis-cli mcp serve: refused a request (%1): %2</source>
        <translation>valis-cli mcp serve: eine Anfrage abgelehnt (%1): %2</translation>
    </message>
    <message>
        <source>valis-cli mcp serve: serving the memory of agent %1%2 over Streamable HTTP; Ctrl+C stops</source>
        <translation>valis-cli mcp serve: stellt das Gedächtnis von Agent %1%2 über Streamable HTTP bereit; Strg+C beendet</translation>
    </message>
    <message>
        <source>valis-cli mcp serve: stopped</source>
        <translation>valis-cli mcp serve: beendet</translation>
    </message>
    <message>
        <source>The API&apos;s bearer token (shown once; kept in the OS keychain as &quot;%1&quot;): %2</source>
        <translation>Das Bearer-Token der API (nur einmal angezeigt; im Schlüsselbund des Betriebssystems als „%1“ aufbewahrt): %2</translation>
    </message>
    <message>
        <source>The port (default 8787; 0: a free one).</source>
        <translation>Der Port (Standard 8787; 0: ein freier).</translation>
    </message>
    <message>
        <source>The address to listen on (default 127.0.0.1).</source>
        <translation>Die Adresse, auf der gelauscht wird (Standard 127.0.0.1).</translation>
    </message>
    <message>
        <source>The profile a request without a model uses (config/serve.json; default: its defaultProfile, else &quot;default&quot;: the settings&apos; default provider and model).</source>
        <translation>Das Profil für eine Anfrage ohne Modell (config/serve.json; Standard: dessen defaultProfile, sonst „default“: Standardanbieter und -modell aus den Einstellungen).</translation>
    </message>
    <message>
        <source>Replace the bearer token in the keychain with a new one (printed once).</source>
        <translation>Das Bearer-Token im Schlüsselbund durch ein neues ersetzen (einmal ausgegeben).</translation>
    </message>
    <message>
        <source>Also accept browser requests from this origin, e.g. http://localhost:3000 (repeatable).</source>
        <translation>Auch Browser-Anfragen von diesem Origin annehmen, z. B. http://localhost:3000 (wiederholbar).</translation>
    </message>
    <message>
        <source>Refuse request bodies over this many bytes with 413 (default 16 MiB).</source>
        <translation>Anfragekörper über dieser Anzahl Bytes mit 413 ablehnen (Standard 16 MiB).</translation>
    </message>
    <message>
        <source>Serves an OpenAI-compatible API (GET /v1/models, POST /v1/chat/completions, POST /v1/responses) with managed context: every conversation is a Valis session, the client sends its whole history and the provider gets the managed view. Profiles (model name -&gt; provider, model, context settings) are in config/serve.json; &quot;provider/model&quot; works too.</source>
        <translation>Stellt eine OpenAI-kompatible API (GET /v1/models, POST /v1/chat/completions, POST /v1/responses) mit verwaltetem Kontext bereit: Jede Unterhaltung ist eine Valis-Sitzung, der Client sendet seinen ganzen Verlauf, und der Anbieter erhält die verwaltete Ansicht. Profile (Modellname -&gt; Anbieter, Modell, Kontexteinstellungen) stehen in config/serve.json; „provider/model“ funktioniert ebenfalls.</translation>
    </message>
    <message>
        <source>--port takes a port number (0 for a free one)</source>
        <translation>--port erwartet eine Portnummer (0 für einen freien)</translation>
    </message>
    <message>
        <source>--bind takes an IP address, not &quot;%1&quot;</source>
        <translation>--bind erwartet eine IP-Adresse, nicht „%1“</translation>
    </message>
    <message>
        <source>--max-body takes a positive number of bytes</source>
        <translation>--max-body erwartet eine positive Anzahl Bytes</translation>
    </message>
    <message>
        <source>there is no profile &quot;%1&quot; in config/serve.json</source>
        <translation>in config/serve.json gibt es kein Profil „%1“</translation>
    </message>
    <message>
        <source>error: %1: %2</source>
        <translation>Fehler: %1: %2</translation>
    </message>
    <message>
        <source>warning: %1: %2</source>
        <translation>Warnung: %1: %2</translation>
    </message>
    <message>
        <source>stopped serving</source>
        <translation>Bereitstellung beendet</translation>
    </message>
    <message>
        <source>Serve an OpenAI-compatible API with managed context: each conversation a Valis session</source>
        <translation>Eine OpenAI-kompatible API mit verwaltetem Kontext bereitstellen: jede Unterhaltung eine Valis-Sitzung</translation>
    </message>
    <message>
        <source>%1: a served conversation has no workspace; only /context/ and /memories/ can be read</source>
        <translation>%1: eine bereitgestellte Unterhaltung hat keinen Arbeitsbereich; nur /context/ und /memories/ sind lesbar</translation>
    </message>
    <message>
        <source>name the prompt: KEY</source>
        <translation>geben Sie den Prompt an: KEY</translation>
    </message>
    <message>
        <source>One JSON object per prompt.</source>
        <translation>Ein JSON-Objekt pro Prompt.</translation>
    </message>
    <message>
        <source>Lists the stored prompts, by key.</source>
        <translation>Listet die gespeicherten Prompts auf, nach Schlüssel.</translation>
    </message>
    <message>
        <source>No prompts are stored. Add one with: valis-cli prompts set KEY --file FILE</source>
        <translation>Es sind keine Prompts gespeichert. Fügen Sie einen hinzu mit: valis-cli prompts set KEY --file FILE</translation>
    </message>
    <message>
        <source>VERSION</source>
        <translation>VERSION</translation>
    </message>
    <message>
        <source>DESCRIPTION</source>
        <translation>BESCHREIBUNG</translation>
    </message>
    <message>
        <source>Version N instead of the newest.</source>
        <translation>Version N statt der neuesten.</translation>
    </message>
    <message>
        <source>Every version of the prompt, removals included.</source>
        <translation>Jede Version des Prompts, Entfernungen eingeschlossen.</translation>
    </message>
    <message>
        <source>The text with includes expanded and variables filled in (from --var).</source>
        <translation>Der Text mit aufgelösten Einbindungen und eingesetzten Variablen (aus --var).</translation>
    </message>
    <message>
        <source>A variable&apos;s value for --render (repeatable).</source>
        <translation>Der Wert einer Variablen für --render (wiederholbar).</translation>
    </message>
    <message>
        <source>JSON instead of the text.</source>
        <translation>JSON statt des Textes.</translation>
    </message>
    <message>
        <source>The prompt&apos;s key.</source>
        <translation>Der Schlüssel des Prompts.</translation>
    </message>
    <message>
        <source>Prints a stored prompt&apos;s text.</source>
        <translation>Gibt den Text eines gespeicherten Prompts aus.</translation>
    </message>
    <message>
        <source>--version needs a number of at least 1</source>
        <translation>--version braucht eine Zahl von mindestens 1</translation>
    </message>
    <message>
        <source>--history shows every version; leave out --render and --version</source>
        <translation>--history zeigt jede Version; lassen Sie --render und --version weg</translation>
    </message>
    <message>
        <source>--var needs NAME=VALUE, not &quot;%1&quot;</source>
        <translation>--var braucht NAME=VALUE, nicht „%1“</translation>
    </message>
    <message>
        <source>--var fills in variables for --render</source>
        <translation>--var setzt Variablen für --render ein</translation>
    </message>
    <message>
        <source>(removed)</source>
        <translation>(entfernt)</translation>
    </message>
    <message>
        <source>version %1 is the prompt&apos;s removal</source>
        <translation>Version %1 ist die Entfernung des Prompts</translation>
    </message>
    <message>
        <source>Read the text from FILE instead of standard input.</source>
        <translation>Den Text aus FILE statt von der Standardeingabe lesen.</translation>
    </message>
    <message>
        <source>One line saying what the prompt is for (kept from the previous version when left out).</source>
        <translation>Eine Zeile, die sagt, wofür der Prompt gedacht ist (ohne Angabe von der vorigen Version übernommen).</translation>
    </message>
    <message>
        <source>The prompt&apos;s key: lower-case letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;/&apos;.</source>
        <translation>Der Schlüssel des Prompts: Kleinbuchstaben, Ziffern, &apos;-&apos;, &apos;_&apos; und &apos;/&apos;.</translation>
    </message>
    <message>
        <source>Stores a new version of a prompt, its text from --file or standard input. {{name}} marks a variable, {{&gt; other-key}} includes another prompt, \{{ is a literal {{.</source>
        <translation>Speichert eine neue Version eines Prompts, mit dem Text aus --file oder von der Standardeingabe. {{name}} kennzeichnet eine Variable, {{&gt; other-key}} bindet einen anderen Prompt ein, \{{ steht für ein wörtliches {{.</translation>
    </message>
    <message>
        <source>Type the prompt, then Ctrl-D on a line of its own.</source>
        <translation>Geben Sie den Prompt ein, dann Strg-D in einer eigenen Zeile.</translation>
    </message>
    <message>
        <source>%1 is at version %2.</source>
        <translation>%1 steht bei Version %2.</translation>
    </message>
    <message>
        <source>Variables: %1.</source>
        <translation>Variablen: %1.</translation>
    </message>
    <message>
        <source>Removes a prompt. Its versions are kept: `show KEY --history` lists them, and `set` brings it back.</source>
        <translation>Entfernt einen Prompt. Seine Versionen bleiben erhalten: `show KEY --history` listet sie auf, und `set` holt ihn zurück.</translation>
    </message>
    <message>
        <source>List the stored prompts</source>
        <translation>Die gespeicherten Prompts auflisten</translation>
    </message>
    <message>
        <source>Print a prompt, a version of it, its history, or its text rendered</source>
        <translation>Einen Prompt, eine seiner Versionen, seinen Verlauf oder seinen gerenderten Text ausgeben</translation>
    </message>
    <message>
        <source>Store a new version of a prompt</source>
        <translation>Eine neue Version eines Prompts speichern</translation>
    </message>
    <message>
        <source>Remove a prompt (its history is kept)</source>
        <translation>Einen Prompt entfernen (sein Verlauf bleibt erhalten)</translation>
    </message>
    <message>
        <source>Usage: valis-cli prompts &lt;subcommand&gt; [options]</source>
        <translation>Aufruf: valis-cli prompts &lt;Unterbefehl&gt; [Optionen]</translation>
    </message>
    <message>
        <source>Prompts stored by key and versioned, for the composer&apos;s /prompt-name, llm_call and MCP clients.</source>
        <translation>Prompts, nach Schlüssel gespeichert und versioniert, für /prompt-name im Eingabebereich, llm_call und MCP-Clients.</translation>
    </message>
    <message>
        <source>&apos;valis-cli prompts &lt;subcommand&gt; --help&apos; shows a subcommand&apos;s options.</source>
        <translation>„valis-cli prompts &lt;Unterbefehl&gt; --help“ zeigt die Optionen eines Unterbefehls.</translation>
    </message>
    <message>
        <source>List, show, set and remove stored prompts, versioned by key</source>
        <translation>Gespeicherte Prompts auflisten, anzeigen, speichern und entfernen, nach Schlüssel versioniert</translation>
    </message>
    <message>
        <source>Show request N of the session (1 is the first, &quot;last&quot; the last) as the model saw it, rebuilt from the record and checked against the hash recorded when it was sent.</source>
        <translation>Anfrage N der Sitzung (1 ist die erste, „last“ die letzte) so anzeigen, wie das Modell sie sah, aus der Aufzeichnung rekonstruiert und mit dem beim Senden aufgezeichneten Hash abgeglichen.</translation>
    </message>
    <message>
        <source>With --request: what changed since the previous request.</source>
        <translation>Mit --request: was sich seit der vorigen Anfrage geändert hat.</translation>
    </message>
    <message>
        <source>Shows what the context strategies did in a session: every compaction (what moved where, tokens before and after, cache cost) and the totals. With --settings, the strategies in use and their thresholds. With --request N, request N as the model saw it.</source>
        <translation>Zeigt, was die Kontextstrategien in einer Sitzung getan haben: jede Verdichtung (was wohin verschoben wurde, Tokens vorher und nachher, Cache-Kosten) und die Summen. Mit --settings die verwendeten Strategien und ihre Schwellenwerte. Mit --request N die Anfrage N so, wie das Modell sie sah.</translation>
    </message>
    <message>
        <source>%1 · request %2 of %3 · %4 · turn %5 · %6</source>
        <translation>%1 · Anfrage %2 von %3 · %4 · Runde %5 · %6</translation>
    </message>
    <message>
        <source>view hash matches the recorded request</source>
        <translation>Hash der Ansicht stimmt mit der aufgezeichneten Anfrage überein</translation>
    </message>
    <message>
        <source>MISMATCH: the rebuilt request differs from the one recorded: %1</source>
        <translation>ABWEICHUNG: Die rekonstruierte Anfrage weicht von der aufgezeichneten ab: %1</translation>
    </message>
    <message>
        <source>no hash to check: %1</source>
        <translation>kein Hash zum Prüfen: %1</translation>
    </message>
    <message>
        <source>Tokens (%1): %2 · system %3 · tools %4 · messages %5</source>
        <translation>Tokens (%1): %2 · System %3 · Werkzeuge %4 · Nachrichten %5</translation>
    </message>
    <message>
        <source>Messages:</source>
        <translation>Nachrichten:</translation>
    </message>
    <message>
        <source>Cache breakpoints (◆): %1 · read %2 · written %3 · input %4 · output %5 · %6</source>
        <translation>Cache-Breakpoints (◆): %1 · gelesen %2 · geschrieben %3 · Eingabe %4 · Ausgabe %5 · %6</translation>
    </message>
    <message>
        <source>Memory refs: %1</source>
        <translation>MemoryRefs: %1</translation>
    </message>
    <message>
        <source>Pointers: %1</source>
        <translation>Verweise: %1</translation>
    </message>
    <message>
        <source>Diff: this is the first request</source>
        <translation>Diff: Dies ist die erste Anfrage</translation>
    </message>
    <message>
        <source>Diff against request %1: %2 added, %3 evicted, %4 summarised, %5 moved</source>
        <translation>Diff gegenüber Anfrage %1: %2 hinzugefügt, %3 ausgelagert, %4 zusammengefasst, %5 verschoben</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n Nachricht</numerusform>
            <numerusform>%n Nachrichten</numerusform>
        </translation>
    </message>
    <message>
        <source>Cached prefix: intact</source>
        <translation>Gecachtes Präfix: intakt</translation>
    </message>
    <message>
        <source>Cached prefix broke at message %1: %2 (%3 tokens, %4)</source>
        <translation>Gecachtes Präfix brach bei Nachricht %1: %2 (%3 Tokens, %4)</translation>
    </message>
    <message>
        <source>--request takes a request number (1 is the first) or &quot;last&quot;</source>
        <translation>--request erwartet eine Anfragenummer (1 ist die erste) oder „last“</translation>
    </message>
    <message>
        <source>valis-cli %1: MISMATCH: request %2 of %3 cannot be rebuilt exactly from the record</source>
        <translation>valis-cli %1: ABWEICHUNG: Anfrage %2 von %3 kann nicht exakt aus der Aufzeichnung rekonstruiert werden</translation>
    </message>
    <message>
        <source>DAY</source>
        <translation>TAG</translation>
    </message>
    <message>
        <source>SESSION</source>
        <translation>SITZUNG</translation>
    </message>
    <message>
        <source>Usage since %1, by %2</source>
        <translation>Nutzung seit %1, gruppiert nach %2</translation>
    </message>
    <message>
        <source>Usage of all sessions, by %1</source>
        <translation>Nutzung aller Sitzungen, gruppiert nach %1</translation>
    </message>
    <message>
        <source>MESSAGES</source>
        <translation>NACHRICHTEN</translation>
    </message>
    <message>
        <source>CACHE READ</source>
        <translation>CACHE GELESEN</translation>
    </message>
    <message>
        <source>CACHE WRITE</source>
        <translation>CACHE GESCHRIEBEN</translation>
    </message>
    <message>
        <source>CACHED</source>
        <translation>GECACHT</translation>
    </message>
    <message>
        <source>COST</source>
        <translation>KOSTEN</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Tokens: %1 sent (%2 read from the cache, %3), %4 generated. Cost: %5.</source>
        <translation>Tokens: %1 gesendet (%2 aus dem Cache gelesen, %3), %4 erzeugt. Kosten: %5.</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) of models without a known price are not in the cost.</source>
        <translation>
            <numerusform>%n Nachricht von Modellen ohne bekannten Preis ist nicht in den Kosten enthalten.</numerusform>
            <numerusform>%n Nachrichten von Modellen ohne bekannten Preis sind nicht in den Kosten enthalten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Compactions: %1, %2 tokens taken out of the requests they were made for; cache writes they caused: %3 tokens, %4.</source>
        <translation>Verdichtungen: %1, %2 Tokens aus den Anfragen entfernt, für die sie erfolgten; dadurch verursachte Cache-Schreibvorgänge: %3 Tokens, %4.</translation>
    </message>
    <message>
        <source>Compactions: none in this period.</source>
        <translation>Verdichtungen: keine in diesem Zeitraum.</translation>
    </message>
    <message>
        <source>Only usage from DATE on: YYYY-MM-DD, a number of days (7d, 30d) or all (the default).</source>
        <translation>Nur Nutzung ab DATE: JJJJ-MM-TT, eine Anzahl Tage (7d, 30d) oder all (Standard).</translation>
    </message>
    <message>
        <source>Group by day (the default), model or session.</source>
        <translation>Gruppieren nach Tag (day, Standard), Modell (model) oder Sitzung (session).</translation>
    </message>
    <message>
        <source>Shows the tokens and the cost of every session&apos;s model requests, imported ones included, priced with the model catalogue: per day, model or session, with the share read from the prompt cache and what context compactions saved.</source>
        <translation>Zeigt die Tokens und die Kosten der Modellanfragen aller Sitzungen, importierte eingeschlossen, bepreist mit dem Modellkatalog: pro Tag, Modell oder Sitzung, mit dem aus dem Prompt-Cache gelesenen Anteil und den Einsparungen durch Kontextverdichtungen.</translation>
    </message>
    <message>
        <source>--by takes day, model or session, not &quot;%1&quot;</source>
        <translation>--by erwartet day, model oder session, nicht „%1“</translation>
    </message>
    <message>
        <source>--since: %1</source>
        <translation>--since: %1</translation>
    </message>
    <message>
        <source>Show tokens and cost per day, model or session, with the cache-read share and compaction savings</source>
        <translation>Tokens und Kosten pro Tag, Modell oder Sitzung anzeigen, mit Anteil aus dem Cache und Einsparungen durch Verdichtung</translation>
    </message>
    <message>
        <source>set in %1, which comes before the keychain&apos;s</source>
        <translation>gesetzt in %1, das Vorrang vor dem Schlüsselbund hat</translation>
    </message>
    <message>
        <source>was loading when Valis last stopped unexpectedly</source>
        <translation>wurde gerade geladen, als Valis zuletzt unerwartet stoppte</translation>
    </message>
    <message>
        <source>was shutting down when Valis last stopped unexpectedly</source>
        <translation>wurde gerade beendet, als Valis zuletzt unerwartet stoppte</translation>
    </message>
    <message>
        <source>did not finish shutting down when Valis last quit</source>
        <translation>wurde beim letzten Beenden von Valis nicht fertig</translation>
    </message>
    <message>
        <source>%1 disabled: it %2.</source>
        <translation>%1 deaktiviert: es %2.</translation>
    </message>
    <message>
        <source>warning: the plugin &quot;%1&quot; %2; disable it with &apos;valis-cli plugins --disable-crashed&apos;.</source>
        <translation>Warnung: Das Plugin „%1“ %2; deaktivieren mit &apos;valis-cli plugins --disable-crashed&apos;.</translation>
    </message>
    <message>
        <source>%1: removed %2 of %3 files (%4 bytes); %5 younger than the grace period were left alone</source>
        <translation>%1: %2 von %3 Dateien entfernt (%4 Bytes); %5 jünger als die Schonfrist wurden belassen</translation>
    </message>
    <message>
        <source>Leave files younger than SECONDS (default %1: a file is written just before the row that refers to it).</source>
        <translation>Dateien jünger als SECONDS belassen (Standard %1: eine Datei wird kurz vor der Zeile geschrieben, die auf sie verweist).</translation>
    </message>
    <message>
        <source>One JSON object with what each store removed.</source>
        <translation>Ein JSON-Objekt mit dem, was jeder Speicher entfernt hat.</translation>
    </message>
    <message>
        <source>Removes files nothing refers to: images of deleted sessions, and image and memory content files a crash left without their row. Valis also does this by itself in the background.</source>
        <translation>Entfernt Dateien, auf die nichts verweist: Bilder gelöschter Sitzungen sowie Bild- und Speicherinhaltsdateien, die ein Absturz ohne ihre Zeile hinterlassen hat. Valis tut dies auch selbst im Hintergrund.</translation>
    </message>
    <message>
        <source>--grace takes a whole number of seconds, 0 or more</source>
        <translation>--grace erwartet eine ganze Zahl von Sekunden, 0 oder mehr</translation>
    </message>
    <message>
        <source>Session images</source>
        <translation>Sitzungsbilder</translation>
    </message>
    <message>
        <source>Memory content files</source>
        <translation>Speicherinhaltsdateien</translation>
    </message>
    <message>
        <source>Remove image and memory files nothing refers to (deleted sessions, crashes)</source>
        <translation>Bild- und Speicherdateien entfernen, auf die nichts verweist (gelöschte Sitzungen, Abstürze)</translation>
    </message>
    <message>
        <source>indexing for prefix search stopped with about %1 records to go: %2</source>
        <translation>Indizierung für die Präfixsuche mit noch etwa %1 Einträgen angehalten: %2</translation>
    </message>
    <message>
        <source>indexing for prefix search: about %1 older records to go</source>
        <translation>Indizierung für die Präfixsuche: noch etwa %1 ältere Einträge</translation>
    </message>
</context>
<context>
    <name>valis::daytona::DaytonaFilesystem</name>
    <message>
        <source>workspace %1 on the Daytona sandbox %2</source>
        <translation>Arbeitsbereich %1 auf der Daytona-Sandbox %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 is outside the workspace</source>
        <translation>%1 liegt außerhalb des Arbeitsbereichs</translation>
    </message>
    <message>
        <source>%1 leads outside the workspace</source>
        <translation>%1 führt aus dem Arbeitsbereich hinaus</translation>
    </message>
    <message>
        <source>%1: cannot look it up on the Daytona sandbox (exit %2): %3</source>
        <translation>%1: kann auf der Daytona-Sandbox nicht nachgeschlagen werden (Exit-Code %2): %3</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 existiert nicht</translation>
    </message>
    <message>
        <source>%1 is not a folder</source>
        <translation>%1 ist kein Ordner</translation>
    </message>
    <message>
        <source>%1 is not a file</source>
        <translation>%1 ist keine Datei</translation>
    </message>
    <message>
        <source>the workspace itself is not a file</source>
        <translation>der Arbeitsbereich selbst ist keine Datei</translation>
    </message>
    <message>
        <source>%1: cannot replace it on the Daytona sandbox: %2</source>
        <translation>%1: kann auf der Daytona-Sandbox nicht ersetzt werden: %2</translation>
    </message>
    <message>
        <source>the workspace itself cannot be removed</source>
        <translation>der Arbeitsbereich selbst kann nicht entfernt werden</translation>
    </message>
</context>
<context>
    <name>valis::daytona::DaytonaSandbox</name>
    <message>
        <source>Daytona answered HTTP %1: %2</source>
        <translation>Daytona antwortete mit HTTP %1: %2</translation>
    </message>
    <message>
        <source>Daytona refused the API key (%1). Put a valid key from https://app.daytona.io/dashboard/keys in the keychain account &quot;daytona&quot; (valis-cli keys set daytona) or in DAYTONA_API_KEY.</source>
        <translation>Daytona hat den API-Schlüssel abgelehnt (%1). Legen Sie einen gültigen Schlüssel von https://app.daytona.io/dashboard/keys im Schlüsselbund-Konto „daytona“ (valis-cli keys set daytona) oder in DAYTONA_API_KEY ab.</translation>
    </message>
    <message>
        <source>Daytona refused to create the sandbox: %1 Delete sandboxes you no longer need (valis-cli sandbox cleanup) or ask for smaller resources.</source>
        <translation>Daytona hat das Erstellen der Sandbox abgelehnt: %1 Löschen Sie nicht mehr benötigte Sandboxen (valis-cli sandbox cleanup) oder fordern Sie weniger Ressourcen an.</translation>
    </message>
    <message>
        <source>Daytona does not allow this with the API key given (%1): give the key the sandbox permissions at https://app.daytona.io/dashboard/keys.</source>
        <translation>Daytona erlaubt dies mit dem angegebenen API-Schlüssel nicht (%1): geben Sie dem Schlüssel unter https://app.daytona.io/dashboard/keys die Sandbox-Berechtigungen.</translation>
    </message>
    <message>
        <source>Daytona: %1</source>
        <translation>Daytona: %1</translation>
    </message>
    <message>
        <source>Daytona&apos;s rate limit was still hit after several tries (%1): wait a minute and try again.</source>
        <translation>Das Ratenlimit von Daytona wurde auch nach mehreren Versuchen noch erreicht (%1): warten Sie eine Minute und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Daytona cannot use that image or snapshot: %1 Check the &quot;image&quot; of the daytona section in config/sandboxes.json.</source>
        <translation>Daytona kann dieses Image oder diesen Snapshot nicht verwenden: %1 Prüfen Sie „image“ im Abschnitt daytona von config/sandboxes.json.</translation>
    </message>
    <message>
        <source>the Daytona sandbox is no longer running (%1): it was stopped or deleted. Start it again, or let Valis create a new one.</source>
        <translation>die Daytona-Sandbox läuft nicht mehr (%1): sie wurde gestoppt oder gelöscht. Starten Sie sie erneut oder lassen Sie Valis eine neue erstellen.</translation>
    </message>
    <message>
        <source>lost the connection to Daytona: %1. Check the network and DAYTONA_API_URL.</source>
        <translation>die Verbindung zu Daytona ist abgebrochen: %1. Prüfen Sie das Netzwerk und DAYTONA_API_URL.</translation>
    </message>
    <message>
        <source>Daytona</source>
        <translation>Daytona</translation>
    </message>
    <message>
        <source>the command ran longer than %1 s on the Daytona sandbox and was stopped</source>
        <translation>der Befehl lief länger als %1 s auf der Daytona-Sandbox und wurde beendet</translation>
    </message>
    <message>
        <source>the Daytona sandbox %1 is %2: it stopped while the command ran. Start it again, or let Valis create a new one.</source>
        <translation>die Daytona-Sandbox %1 ist im Zustand %2: sie wurde gestoppt, während der Befehl lief. Starten Sie sie erneut oder lassen Sie Valis eine neue erstellen.</translation>
    </message>
    <message>
        <source>the command ran longer than %1 s on the Daytona sandbox %2 and was stopped</source>
        <translation>der Befehl lief länger als %1 s auf der Daytona-Sandbox %2 und wurde beendet</translation>
    </message>
    <message>
        <source>the command was stopped on the Daytona sandbox</source>
        <translation>der Befehl wurde auf der Daytona-Sandbox abgebrochen</translation>
    </message>
    <message>
        <source>%1 (while asking for %2)</source>
        <translation>%1 (bei der Anfrage nach %2)</translation>
    </message>
    <message>
        <source>Daytona did not say which command it started: %1</source>
        <translation>Daytona hat nicht angegeben, welchen Befehl es gestartet hat: %1</translation>
    </message>
    <message>
        <source>Daytona needs an API key: create one at https://app.daytona.io/dashboard/keys and put it in the keychain account &quot;daytona&quot; (valis-cli keys set daytona) or in DAYTONA_API_KEY.</source>
        <translation>Daytona braucht einen API-Schlüssel: erstellen Sie einen unter https://app.daytona.io/dashboard/keys und legen Sie ihn im Schlüsselbund-Konto „daytona“ (valis-cli keys set daytona) oder in DAYTONA_API_KEY ab.</translation>
    </message>
    <message>
        <source>Daytona could not build the sandbox&apos;s image: %1 Check the &quot;image&quot; of the daytona section in config/sandboxes.json.</source>
        <translation>Daytona konnte das Image der Sandbox nicht bauen: %1 Prüfen Sie „image“ im Abschnitt daytona von config/sandboxes.json.</translation>
    </message>
    <message>
        <source>the Daytona sandbox %1 ended in the state &quot;%2&quot;: %3</source>
        <translation>die Daytona-Sandbox %1 endete im Zustand „%2“: %3</translation>
    </message>
    <message>
        <source>the Daytona sandbox %1 was not running after %2 s (still &quot;%3&quot;): raise readyTimeoutSeconds in config/sandboxes.json, or try again later</source>
        <translation>die Daytona-Sandbox %1 lief nach %2 s noch nicht (weiterhin „%3“): erhöhen Sie readyTimeoutSeconds in config/sandboxes.json oder versuchen Sie es später erneut</translation>
    </message>
    <message>
        <source>cannot find the home folder on the Daytona sandbox %1: %2</source>
        <translation>der Home-Ordner auf der Daytona-Sandbox %1 ist nicht auffindbar: %2</translation>
    </message>
    <message>
        <source>there is no Daytona sandbox %1 to reuse: check &quot;reuse&quot; in config/sandboxes.json (valis-cli sandbox list shows Valis&apos;s)</source>
        <translation>es gibt keine Daytona-Sandbox %1 zum Wiederverwenden: prüfen Sie „reuse“ in config/sandboxes.json (valis-cli sandbox list zeigt die von Valis)</translation>
    </message>
    <message>
        <source>Daytona created a sandbox but did not say its id: %1</source>
        <translation>Daytona hat eine Sandbox erstellt, aber ihre ID nicht angegeben: %1</translation>
    </message>
    <message>
        <source>Deleting the half-created sandbox %1 failed too (%2): delete it with valis-cli sandbox cleanup.</source>
        <translation>Auch das Löschen der halb erstellten Sandbox %1 ist fehlgeschlagen (%2): löschen Sie sie mit valis-cli sandbox cleanup.</translation>
    </message>
    <message>
        <source>Daytona&apos;s sandbox list did not end after 1000 pages</source>
        <translation>die Sandbox-Liste von Daytona endete auch nach 1000 Seiten nicht</translation>
    </message>
</context>
<context>
    <name>valis::mcp</name>
    <message>
        <source>the file is not a JSON object</source>
        <translation>die Datei ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a JSON object; fix it by hand first</source>
        <translation>„%1“ ist kein JSON-Objekt; korrigieren Sie es zuerst von Hand</translation>
    </message>
    <message>
        <source>[%1.%2] is written with dotted keys or as an inline table, which Valis does not edit; change it by hand to a table of its own</source>
        <translation>[%1.%2] ist mit gepunkteten Schlüsseln oder als Inline-Tabelle geschrieben, die Valis nicht bearbeitet; ändern Sie es von Hand in eine eigene Tabelle</translation>
    </message>
    <message>
        <source>%1 is an inline table, which Valis does not edit; add [%1.%2] by hand</source>
        <translation>%1 ist eine Inline-Tabelle, die Valis nicht bearbeitet; fügen Sie [%1.%2] von Hand hinzu</translation>
    </message>
</context>
<context>
    <name>valis::recordjson</name>
    <message>
        <source>unknown part type &quot;%1&quot;</source>
        <translation>unbekannter Teiltyp „%1“</translation>
    </message>
    <message>
        <source>a text part has no &quot;text&quot; string</source>
        <translation>ein Textteil hat keine Zeichenkette „text“</translation>
    </message>
    <message>
        <source>a tool call has no &quot;name&quot;</source>
        <translation>ein Werkzeugaufruf hat keinen „name“</translation>
    </message>
    <message>
        <source>an image part has neither &quot;uri&quot; nor &quot;data&quot;</source>
        <translation>ein Bildteil hat weder „uri“ noch „data“</translation>
    </message>
    <message>
        <source>a message has no &quot;id&quot;</source>
        <translation>eine Nachricht hat keine „id“</translation>
    </message>
    <message>
        <source>message %1 has an unknown role &quot;%2&quot;</source>
        <translation>Nachricht %1 hat eine unbekannte Rolle „%2“</translation>
    </message>
    <message>
        <source>message %1 has no &quot;parts&quot; array</source>
        <translation>Nachricht %1 hat kein „parts“-Array</translation>
    </message>
    <message>
        <source>message %1 has a part that is not an object</source>
        <translation>Nachricht %1 hat einen Teil, der kein Objekt ist</translation>
    </message>
    <message>
        <source>message %1: %2</source>
        <translation>Nachricht %1: %2</translation>
    </message>
    <message>
        <source>a session has no &quot;id&quot;</source>
        <translation>eine Sitzung hat keine „id“</translation>
    </message>
</context>
<context>
    <name>valis::rest::Client</name>
    <message>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 antwortete mit HTTP %2: %3</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s</source>
        <translation>%1 hat nicht innerhalb von %2 s geantwortet</translation>
    </message>
    <message>
        <source>cannot reach %1: %2</source>
        <translation>%1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>%1&apos;s address &quot;%2&quot; (%3) is not an http or https address such as %4</source>
        <translation>Die Adresse von %1 „%2“ (%3) ist keine http- oder https-Adresse wie %4</translation>
    </message>
    <message>
        <source>setting &quot;%1&quot;</source>
        <translation>Einstellung „%1“</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::BwrapSandbox</name>
    <message>
        <source>bubblewrap</source>
        <translation>bubblewrap</translation>
    </message>
    <message>
        <source>bubblewrap (bwrap) is not installed: install the bubblewrap package (apt install bubblewrap, dnf install bubblewrap), or turn isolation off.</source>
        <translation>bubblewrap (bwrap) ist nicht installiert: Installieren Sie das Paket bubblewrap (apt install bubblewrap, dnf install bubblewrap), oder schalten Sie die Isolation aus.</translation>
    </message>
    <message>
        <source>bubblewrap cannot run: %1.</source>
        <translation>bubblewrap kann nicht laufen: %1.</translation>
    </message>
    <message>
        <source>Could not create a temporary folder to try bubblewrap in.</source>
        <translation>Es konnte kein temporärer Ordner angelegt werden, um bubblewrap darin zu testen.</translation>
    </message>
    <message>
        <source>Could not prepare a command to try bubblewrap with.</source>
        <translation>Es konnte kein Befehl vorbereitet werden, um bubblewrap damit zu testen.</translation>
    </message>
    <message>
        <source>bubblewrap (%1) did not run a test command: %2</source>
        <translation>bubblewrap (%1) hat einen Testbefehl nicht ausgeführt: %2</translation>
    </message>
    <message>
        <source>bubblewrap (%1) cannot create a sandbox here: %2</source>
        <translation>bubblewrap (%1) kann hier keine Sandbox anlegen: %2</translation>
    </message>
    <message>
        <source>Unprivileged user namespaces are probably disabled or restricted; enable them (kernel.unprivileged_userns_clone, user.max_user_namespaces, or the AppArmor restriction on Ubuntu), or install bwrap setuid root.</source>
        <translation>Unprivilegierte User-Namespaces sind vermutlich deaktiviert oder eingeschränkt; aktivieren Sie sie (kernel.unprivileged_userns_clone, user.max_user_namespaces oder die AppArmor-Einschränkung unter Ubuntu), oder installieren Sie bwrap setuid root.</translation>
    </message>
    <message>
        <source>unprivileged user namespaces are disabled (kernel.unprivileged_userns_clone = 0); enable them with: sysctl -w kernel.unprivileged_userns_clone=1</source>
        <translation>unprivilegierte User-Namespaces sind deaktiviert (kernel.unprivileged_userns_clone = 0); aktivieren Sie sie mit: sysctl -w kernel.unprivileged_userns_clone=1</translation>
    </message>
    <message>
        <source>user namespaces are disabled (user.max_user_namespaces = 0); enable them with: sysctl -w user.max_user_namespaces=15000</source>
        <translation>User-Namespaces sind deaktiviert (user.max_user_namespaces = 0); aktivieren Sie sie mit: sysctl -w user.max_user_namespaces=15000</translation>
    </message>
    <message>
        <source>AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns = 1); allow them for bwrap with an AppArmor profile, or run: sysctl -w kernel.apparmor_restrict_unprivileged_userns=0</source>
        <translation>AppArmor schränkt unprivilegierte User-Namespaces ein (kernel.apparmor_restrict_unprivileged_userns = 1); erlauben Sie sie für bwrap mit einem AppArmor-Profil, oder führen Sie aus: sysctl -w kernel.apparmor_restrict_unprivileged_userns=0</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::CommandSetup</name>
    <message>
        <source>The command has no workspace folder.</source>
        <translation>Der Befehl hat keinen Arbeitsbereichsordner.</translation>
    </message>
    <message>
        <source>The workspace &quot;%1&quot; is not an absolute path.</source>
        <translation>Der Arbeitsbereich „%1“ ist kein absoluter Pfad.</translation>
    </message>
    <message>
        <source>The workspace &quot;%1&quot; does not exist or is not a folder.</source>
        <translation>Der Arbeitsbereich „%1“ existiert nicht oder ist kein Ordner.</translation>
    </message>
    <message>
        <source>The root folder cannot be a workspace.</source>
        <translation>Der Wurzelordner kann kein Arbeitsbereich sein.</translation>
    </message>
    <message>
        <source>The working directory &quot;%1&quot; is not an absolute path.</source>
        <translation>Das Arbeitsverzeichnis „%1“ ist kein absoluter Pfad.</translation>
    </message>
    <message>
        <source>The working directory &quot;%1&quot; is outside the workspace &quot;%2&quot;.</source>
        <translation>Das Arbeitsverzeichnis „%1“ liegt außerhalb des Arbeitsbereichs „%2“.</translation>
    </message>
    <message>
        <source>The working directory &quot;%1&quot; does not exist.</source>
        <translation>Das Arbeitsverzeichnis „%1“ existiert nicht.</translation>
    </message>
    <message>
        <source>The working directory &quot;%1&quot; leads outside the workspace &quot;%2&quot;.</source>
        <translation>Das Arbeitsverzeichnis „%1“ führt aus dem Arbeitsbereich „%2“ hinaus.</translation>
    </message>
    <message>
        <source>There is no program &quot;%1&quot; the command can run.</source>
        <translation>Es gibt kein Programm „%1“, das der Befehl ausführen kann.</translation>
    </message>
    <message>
        <source>There is no program &quot;%1&quot; in the command&apos;s PATH (%2).</source>
        <translation>Im PATH des Befehls (%2) gibt es kein Programm „%1“.</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::LocalSandboxPlugin</name>
    <message>
        <source>&quot;readOnlyPaths&quot; must be a list of absolute folder paths.</source>
        <translation>„readOnlyPaths“ muss eine Liste absoluter Ordnerpfade sein.</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::LocalSandboxProcess</name>
    <message>
        <source>The command did not finish within %1 ms and was stopped.</source>
        <translation>Der Befehl war nach %1 ms nicht fertig und wurde beendet.</translation>
    </message>
    <message>
        <source>The command was stopped before it started.</source>
        <translation>Der Befehl wurde beendet, bevor er startete.</translation>
    </message>
    <message>
        <source>The command was stopped.</source>
        <translation>Der Befehl wurde beendet.</translation>
    </message>
    <message>
        <source>Could not start the command: %1</source>
        <translation>Der Befehl konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>Could not start %1: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>The command kept trying to run more than %1 processes at once and was stopped.</source>
        <translation>Der Befehl versuchte wiederholt, mehr als %1 Prozesse gleichzeitig auszuführen, und wurde beendet.</translation>
    </message>
    <message>
        <source>Some processes the command started could not be stopped.</source>
        <translation>Einige vom Befehl gestartete Prozesse konnten nicht beendet werden.</translation>
    </message>
    <message>
        <source>Its processes had been refused %1 times by the limit of %2 processes.</source>
        <translation>Seine Prozesse wurden %1-mal durch das Limit von %2 Prozessen abgewiesen.</translation>
    </message>
    <message>
        <source>The command tried to run more than %1 processes at once and was refused %2 times; it exited with %3, and what it left running was stopped.</source>
        <translation>Der Befehl versuchte, mehr als %1 Prozesse gleichzeitig auszuführen, und wurde %2-mal abgewiesen; er endete mit %3, und was er noch laufen ließ, wurde beendet.</translation>
    </message>
    <message>
        <source>Could not place the command in its process-limit group %1.</source>
        <translation>Der Befehl konnte nicht in seine Prozesslimit-Gruppe %1 eingeordnet werden.</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::Modal</name>
    <message>
        <source>signing in</source>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>Modal needs a token: set it with `valis-cli keys set modal-token-id` and `valis-cli keys set modal-token-secret`, or in MODAL_TOKEN_ID and MODAL_TOKEN_SECRET (create one with `modal token new` or on modal.com/settings/tokens)</source>
        <translation>Modal braucht ein Token: setzen Sie es mit `valis-cli keys set modal-token-id` und `valis-cli keys set modal-token-secret` oder in MODAL_TOKEN_ID und MODAL_TOKEN_SECRET (erstellen Sie eines mit `modal token new` oder auf modal.com/settings/tokens)</translation>
    </message>
    <message>
        <source>waiting for the image to build</source>
        <translation>auf den Build des Images warten</translation>
    </message>
    <message>
        <source>Modal did not finish building the image %1 in time</source>
        <translation>Modal hat den Build des Images %1 nicht rechtzeitig abgeschlossen</translation>
    </message>
    <message>
        <source>Modal refused the token while %1 (%2): check the token in MODAL_TOKEN_ID and MODAL_TOKEN_SECRET or the keychain accounts modal-token-id and modal-token-secret</source>
        <translation>Modal hat das Token abgelehnt (Schritt: %1; %2): prüfen Sie das Token in MODAL_TOKEN_ID und MODAL_TOKEN_SECRET oder in den Schlüsselbund-Konten modal-token-id und modal-token-secret</translation>
    </message>
    <message>
        <source>Modal refused %1 for lack of quota or capacity: %2</source>
        <translation>Modal hat die Anfrage mangels Kontingent oder Kapazität abgelehnt (Schritt: %1): %2</translation>
    </message>
    <message>
        <source>Modal found nothing while %1: %2</source>
        <translation>Modal hat nichts gefunden (Schritt: %1): %2</translation>
    </message>
    <message>
        <source>Modal at %1 could not be reached while %2 (%3)</source>
        <translation>Modal unter %1 war nicht erreichbar (Schritt: %2; %3)</translation>
    </message>
    <message>
        <source>Modal did not answer in time while %1</source>
        <translation>Modal hat nicht rechtzeitig geantwortet (Schritt: %1)</translation>
    </message>
    <message>
        <source>Modal answered %1 while %2: %3</source>
        <translation>Modal antwortete mit %1 (Schritt: %2): %3</translation>
    </message>
    <message>
        <source>the Modal sandbox %1 stopped (%2) while the command ran</source>
        <translation>die Modal-Sandbox %1 wurde gestoppt (%2), während der Befehl lief</translation>
    </message>
    <message>
        <source>the command was stopped</source>
        <translation>der Befehl wurde abgebrochen</translation>
    </message>
    <message>
        <source>starting a command</source>
        <translation>Befehl starten</translation>
    </message>
    <message>
        <source>asking for the sandbox&apos;s command router</source>
        <translation>Befehlsrouter der Sandbox anfordern</translation>
    </message>
    <message>
        <source>checking the sandbox</source>
        <translation>Sandbox prüfen</translation>
    </message>
    <message>
        <source>terminated</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>its timeout was reached</source>
        <translation>ihr Timeout wurde erreicht</translation>
    </message>
    <message>
        <source>idle too long</source>
        <translation>zu lange untätig</translation>
    </message>
    <message>
        <source>finished with status %1</source>
        <translation>mit Status %1 beendet</translation>
    </message>
    <message>
        <source>waiting for a command</source>
        <translation>auf einen Befehl warten</translation>
    </message>
    <message>
        <source>the command did not finish in time</source>
        <translation>der Befehl wurde nicht rechtzeitig fertig</translation>
    </message>
    <message>
        <source>the connection to the Modal sandbox %1 broke while reading the command&apos;s output (%2); the command exited with %3 but its output is incomplete</source>
        <translation>die Verbindung zur Modal-Sandbox %1 brach beim Lesen der Befehlsausgabe ab (%2); der Befehl endete mit %3, aber seine Ausgabe ist unvollständig</translation>
    </message>
    <message>
        <source>Modal sandbox %1</source>
        <translation>Modal-Sandbox %1</translation>
    </message>
    <message>
        <source>Modal</source>
        <translation>Modal</translation>
    </message>
    <message>
        <source>Modal needs a token: set it with `valis-cli keys set modal-token-id` and `valis-cli keys set modal-token-secret`, or in MODAL_TOKEN_ID and MODAL_TOKEN_SECRET</source>
        <translation>Modal braucht ein Token: setzen Sie es mit `valis-cli keys set modal-token-id` und `valis-cli keys set modal-token-secret` oder in MODAL_TOKEN_ID und MODAL_TOKEN_SECRET</translation>
    </message>
    <message>
        <source>looking up the app &quot;valis&quot;</source>
        <translation>App „valis“ suchen</translation>
    </message>
    <message>
        <source>looking up the environment</source>
        <translation>Umgebung suchen</translation>
    </message>
    <message>
        <source>asking for the image %1</source>
        <translation>Image %1 anfordern</translation>
    </message>
    <message>
        <source>Modal could not build the image %1: %2</source>
        <translation>Modal konnte das Image %1 nicht bauen: %2</translation>
    </message>
    <message>
        <source>storing the sandbox&apos;s environment</source>
        <translation>Umgebung der Sandbox speichern</translation>
    </message>
    <message>
        <source>creating the sandbox</source>
        <translation>Sandbox erstellen</translation>
    </message>
    <message>
        <source>waiting for the sandbox %1 to start</source>
        <translation>auf den Start der Sandbox %1 warten</translation>
    </message>
    <message>
        <source>the Modal sandbox %1 has stopped (%2)</source>
        <translation>die Modal-Sandbox %1 wurde gestoppt (%2)</translation>
    </message>
    <message>
        <source>the Modal sandbox %1 was not running after %2 s, so it was terminated; Modal may be short of capacity: try again or raise readyTimeoutSeconds</source>
        <translation>die Modal-Sandbox %1 lief nach %2 s noch nicht und wurde daher beendet; Modal fehlt möglicherweise Kapazität: versuchen Sie es erneut oder erhöhen Sie readyTimeoutSeconds</translation>
    </message>
    <message>
        <source>the Modal sandbox %1 could not make its workspace folder (exit %2): %3</source>
        <translation>die Modal-Sandbox %1 konnte ihren Arbeitsordner nicht anlegen (Exit-Code %2): %3</translation>
    </message>
    <message>
        <source>listing the sandboxes</source>
        <translation>Sandboxen auflisten</translation>
    </message>
    <message>
        <source>terminating the sandbox %1</source>
        <translation>Sandbox %1 beenden</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::PlainSandbox</name>
    <message>
        <source>no isolation (plain process)</source>
        <translation>keine Isolation (normaler Prozess)</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::ProcessLimit</name>
    <message>
        <source>The process limit mechanism &quot;%1&quot; is not usable here (this process can use: %2).</source>
        <translation>Der Prozesslimit-Mechanismus „%1“ ist hier nicht nutzbar (dieser Prozess kann verwenden: %2).</translation>
    </message>
    <message>
        <source>Could not create the process-limit group %1.</source>
        <translation>Die Prozesslimit-Gruppe %1 konnte nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Could not set the process limit in %1.</source>
        <translation>Das Prozesslimit in %1 konnte nicht gesetzt werden.</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::RunloopSandbox</name>
    <message>
        <source>no details</source>
        <translation>keine Details</translation>
    </message>
    <message>
        <source>Runloop refused the API key (%1): set RUNLOOP_API_KEY or store a valid key in the keychain account &quot;runloop&quot;</source>
        <translation>Runloop hat den API-Schlüssel abgelehnt (%1): setzen Sie RUNLOOP_API_KEY oder speichern Sie einen gültigen Schlüssel im Schlüsselbund-Konto „runloop“</translation>
    </message>
    <message>
        <source>Runloop refused to create a devbox: %1. Shut down devboxes you no longer need (valis-cli sandbox cleanup) or raise the account&apos;s limits</source>
        <translation>Runloop hat das Erstellen einer Devbox abgelehnt: %1. Fahren Sie nicht mehr benötigte Devboxen herunter (valis-cli sandbox cleanup) oder erhöhen Sie die Limits des Kontos</translation>
    </message>
    <message>
        <source>Runloop refused the request (%1): check that the API key in RUNLOOP_API_KEY or the keychain account &quot;runloop&quot; may do this</source>
        <translation>Runloop hat die Anfrage abgelehnt (%1): prüfen Sie, ob der API-Schlüssel in RUNLOOP_API_KEY oder im Schlüsselbund-Konto „runloop“ dies darf</translation>
    </message>
    <message>
        <source>Runloop: %1</source>
        <translation>Runloop: %1</translation>
    </message>
    <message>
        <source>Runloop kept answering &quot;too many requests&quot; (%1): wait a minute and try again</source>
        <translation>Runloop antwortete wiederholt mit „too many requests“ (%1): warten Sie eine Minute und versuchen Sie es erneut</translation>
    </message>
    <message>
        <source>the Runloop devbox is no longer running (%1): start the session again so Valis creates a new one</source>
        <translation>die Runloop-Devbox läuft nicht mehr (%1): starten Sie die Sitzung erneut, damit Valis eine neue erstellt</translation>
    </message>
    <message>
        <source>Runloop answered HTTP %1: %2</source>
        <translation>Runloop antwortete mit HTTP %1: %2</translation>
    </message>
    <message>
        <source>cannot talk to Runloop at %1 (%2): check the network, RUNLOOP_BASE_URL or the plugin&apos;s &quot;baseUrl&quot; setting</source>
        <translation>Runloop unter %1 ist nicht erreichbar (%2): prüfen Sie das Netzwerk, RUNLOOP_BASE_URL oder die Plugin-Einstellung „baseUrl“</translation>
    </message>
    <message>
        <source>no Runloop API key: set RUNLOOP_API_KEY or store the key in the keychain account &quot;runloop&quot; (valis-cli keys set runloop)</source>
        <translation>kein Runloop-API-Schlüssel: setzen Sie RUNLOOP_API_KEY oder speichern Sie den Schlüssel im Schlüsselbund-Konto „runloop“ (valis-cli keys set runloop)</translation>
    </message>
    <message>
        <source>workspace %1 on the Runloop devbox %2</source>
        <translation>Arbeitsbereich %1 auf der Runloop-Devbox %2</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file</source>
        <translation>%1 ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>the workspace root is a folder, not a file</source>
        <translation>die Wurzel des Arbeitsbereichs ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>%1 leads outside the workspace</source>
        <translation>%1 führt aus dem Arbeitsbereich hinaus</translation>
    </message>
    <message>
        <source>cannot write %1 on the Runloop devbox: %2</source>
        <translation>%1 kann auf der Runloop-Devbox nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1 on the Runloop devbox: %2</source>
        <translation>%1 auf der Runloop-Devbox: %2</translation>
    </message>
    <message>
        <source>Runloop</source>
        <translation>Runloop</translation>
    </message>
    <message>
        <source>the command ran longer than %1 s on the Runloop devbox %2 and was stopped</source>
        <translation>der Befehl lief länger als %1 s auf der Runloop-Devbox %2 und wurde beendet</translation>
    </message>
    <message>
        <source>the Runloop devbox %1 stopped (%2) while the command ran: start the session again so Valis creates a new one</source>
        <translation>die Runloop-Devbox %1 wurde gestoppt (%2), während der Befehl lief: starten Sie die Sitzung erneut, damit Valis eine neue erstellt</translation>
    </message>
    <message>
        <source>the Runloop devbox %1 no longer exists</source>
        <translation>die Runloop-Devbox %1 existiert nicht mehr</translation>
    </message>
    <message>
        <source>the command was stopped</source>
        <translation>der Befehl wurde abgebrochen</translation>
    </message>
    <message>
        <source>the Runloop devbox %1 was not running after %2 s: raise readyTimeoutSeconds in config/sandboxes.json, or try a smaller blueprint</source>
        <translation>die Runloop-Devbox %1 lief nach %2 s noch nicht: erhöhen Sie readyTimeoutSeconds in config/sandboxes.json oder versuchen Sie ein kleineres Blueprint</translation>
    </message>
    <message>
        <source>Runloop could not boot a devbox from &quot;%1&quot; (%2): check that the blueprint or snapshot exists and built</source>
        <translation>Runloop konnte keine Devbox aus „%1“ starten (%2): prüfen Sie, ob das Blueprint oder der Snapshot existiert und gebaut wurde</translation>
    </message>
    <message>
        <source>Runloop could not boot the devbox %1 (%2)</source>
        <translation>Runloop konnte die Devbox %1 nicht starten (%2)</translation>
    </message>
    <message>
        <source>the Runloop devbox %1 is %2, not running: resume it in Runloop&apos;s dashboard or let Valis create a new one</source>
        <translation>die Runloop-Devbox %1 läuft nicht (Zustand: %2): setzen Sie sie im Dashboard von Runloop fort oder lassen Sie Valis eine neue erstellen</translation>
    </message>
    <message>
        <source>Runloop refused the blueprint &quot;%1&quot;: %2</source>
        <translation>Runloop hat das Blueprint „%1“ abgelehnt: %2</translation>
    </message>
    <message>
        <source>there is no Runloop devbox %1: check the id to reuse, or leave it empty so Valis creates one</source>
        <translation>es gibt keine Runloop-Devbox %1: prüfen Sie die ID zum Wiederverwenden oder lassen Sie sie leer, damit Valis eine erstellt</translation>
    </message>
    <message>
        <source>cannot prepare the workspace on the Runloop devbox %1: %2</source>
        <translation>der Arbeitsbereich auf der Runloop-Devbox %1 kann nicht vorbereitet werden: %2</translation>
    </message>
</context>
<context>
    <name>valis::sandboxes::SandboxExecSandbox</name>
    <message>
        <source>macOS sandbox (sandbox-exec)</source>
        <translation>macOS-Sandbox (sandbox-exec)</translation>
    </message>
    <message>
        <source>%1 is missing; it is part of macOS.</source>
        <translation>%1 fehlt; es ist Teil von macOS.</translation>
    </message>
    <message>
        <source>Could not create the command&apos;s temporary folder.</source>
        <translation>Der temporäre Ordner des Befehls konnte nicht angelegt werden.</translation>
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
        <translation>muss eine ganze Zahl von %1 bis %2 sein</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>muss true oder false sein</translation>
    </message>
    <message>
        <source>must be one of: %1</source>
        <translation>muss eines der folgenden sein: %1</translation>
    </message>
    <message>
        <source>must be a non-empty string</source>
        <translation>muss eine nicht leere Zeichenkette sein</translation>
    </message>
    <message>
        <source>must be an http or https address, not &quot;%1&quot;</source>
        <translation>muss eine http- oder https-Adresse sein, nicht „%1“</translation>
    </message>
    <message>
        <source>must be a list of domain names</source>
        <translation>muss eine Liste von Domainnamen sein</translation>
    </message>
    <message>
        <source>must be a list of domain names such as &quot;example.com&quot;</source>
        <translation>muss eine Liste von Domainnamen wie „example.com“ sein</translation>
    </message>
    <message>
        <source>%1 must be an http or https address, not &quot;%2&quot;</source>
        <translation>%1 muss eine http- oder https-Adresse sein, nicht „%2“</translation>
    </message>
    <message>
        <source>unknown section &quot;%1&quot;</source>
        <translation>unbekannter Abschnitt „%1“</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object</source>
        <translation>„%1“ muss ein Objekt sein</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1.%2&quot;</source>
        <translation>unbekannte Einstellung „%1.%2“</translation>
    </message>
    <message>
        <source>config/web.json allows fetch_url to reach loopback addresses (allowLoopback): a setting for tests only, which lets the agent reach services on this machine. Link-local and cloud-metadata addresses stay refused.</source>
        <translation>config/web.json erlaubt fetch_url, Loopback-Adressen zu erreichen (allowLoopback): eine Einstellung nur für Tests, mit der der Agent Dienste auf diesem Rechner erreichen kann. Link-Local- und Cloud-Metadaten-Adressen bleiben gesperrt.</translation>
    </message>
</context>
<context>
    <name>valis::wire::anthropic</name>
    <message>
        <source>a text block needs a &quot;text&quot; string</source>
        <translation>ein text-Block braucht eine Zeichenkette „text“</translation>
    </message>
    <message>
        <source>a thinking block needs a &quot;thinking&quot; string</source>
        <translation>ein thinking-Block braucht eine Zeichenkette „thinking“</translation>
    </message>
    <message>
        <source>a thinking block&apos;s &quot;signature&quot; must be a string</source>
        <translation>die „signature“ eines thinking-Blocks muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>a redacted_thinking block needs a &quot;data&quot; string</source>
        <translation>ein redacted_thinking-Block braucht eine Zeichenkette „data“</translation>
    </message>
    <message>
        <source>a %1 block needs &quot;id&quot; and &quot;name&quot; strings</source>
        <translation>ein %1-Block braucht die Zeichenketten „id“ und „name“</translation>
    </message>
    <message>
        <source>a %1 block needs a &quot;tool_use_id&quot; string</source>
        <translation>ein %1-Block braucht eine Zeichenkette „tool_use_id“</translation>
    </message>
    <message>
        <source>a %1 block&apos;s &quot;content&quot; must be a string or an array</source>
        <translation>der „content“ eines %1-Blocks muss eine Zeichenkette oder ein Array sein</translation>
    </message>
    <message>
        <source>an image block needs a &quot;source&quot; object</source>
        <translation>ein image-Block braucht ein „source“-Objekt</translation>
    </message>
    <message>
        <source>a content block needs a &quot;type&quot; string</source>
        <translation>ein Inhaltsblock braucht eine Zeichenkette „type“</translation>
    </message>
    <message>
        <source>a content block must be an object</source>
        <translation>ein Inhaltsblock muss ein Objekt sein</translation>
    </message>
    <message>
        <source>a message needs a &quot;role&quot; string</source>
        <translation>eine Nachricht braucht eine Zeichenkette „role“</translation>
    </message>
    <message>
        <source>unknown message role &quot;%1&quot; (expected user or assistant)</source>
        <translation>unbekannte Nachrichtenrolle „%1“ (erwartet: user oder assistant)</translation>
    </message>
    <message>
        <source>a message needs &quot;content&quot; as a string or an array of blocks</source>
        <translation>eine Nachricht braucht „content“ als Zeichenkette oder als Array von Blöcken</translation>
    </message>
    <message>
        <source>a message must be an object</source>
        <translation>eine Nachricht muss ein Objekt sein</translation>
    </message>
    <message>
        <source>the system prompt must be a string or an array of text blocks</source>
        <translation>der System-Prompt muss eine Zeichenkette oder ein Array von Textblöcken sein</translation>
    </message>
</context>
<context>
    <name>valis::wire::openaichat</name>
    <message>
        <source>content part %1 is not an object</source>
        <translation>Inhaltsteil %1 ist kein Objekt</translation>
    </message>
    <message>
        <source>content part %1 has no type</source>
        <translation>Inhaltsteil %1 hat keinen Typ</translation>
    </message>
    <message>
        <source>&quot;content&quot; is neither a string, an array nor null</source>
        <translation>„content“ ist weder eine Zeichenkette noch ein Array noch null</translation>
    </message>
    <message>
        <source>tool call %1 is not an object</source>
        <translation>Werkzeugaufruf %1 ist kein Objekt</translation>
    </message>
    <message>
        <source>the id of tool call %1 is not a string</source>
        <translation>die ID von Werkzeugaufruf %1 ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>the type of tool call %1 is not a string</source>
        <translation>der Typ von Werkzeugaufruf %1 ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>tool call %1 has no &quot;%2&quot; object</source>
        <translation>Werkzeugaufruf %1 hat kein „%2“-Objekt</translation>
    </message>
    <message>
        <source>tool call %1 has no function name</source>
        <translation>Werkzeugaufruf %1 hat keinen Funktionsnamen</translation>
    </message>
    <message>
        <source>the arguments of tool call %1 are not a string</source>
        <translation>die Argumente von Werkzeugaufruf %1 sind keine Zeichenkette</translation>
    </message>
    <message>
        <source>&quot;tool_calls&quot; is not an array</source>
        <translation>„tool_calls“ ist kein Array</translation>
    </message>
    <message>
        <source>&quot;function_call&quot; is not a function call: %1</source>
        <translation>„function_call“ ist kein Funktionsaufruf: %1</translation>
    </message>
    <message>
        <source>a function message needs a &quot;name&quot;</source>
        <translation>eine function-Nachricht braucht einen „name“</translation>
    </message>
    <message>
        <source>a tool message needs a &quot;tool_call_id&quot; string</source>
        <translation>eine tool-Nachricht braucht eine Zeichenkette „tool_call_id“</translation>
    </message>
    <message>
        <source>the message has no &quot;role&quot;</source>
        <translation>die Nachricht hat keine „role“</translation>
    </message>
    <message>
        <source>unknown role &quot;%1&quot;</source>
        <translation>unbekannte Rolle „%1“</translation>
    </message>
    <message>
        <source>the message is not a JSON object</source>
        <translation>die Nachricht ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>(the tool returned images; they follow in the next message)</source>
        <translation>(das Werkzeug hat Bilder zurückgegeben; sie folgen in der nächsten Nachricht)</translation>
    </message>
</context>
<context>
    <name>valis::wire::openairesponses</name>
    <message>
        <source>%1 without a string &quot;%2&quot;</source>
        <translation>%1 ohne Zeichenkette „%2“</translation>
    </message>
    <message>
        <source>a content element must be an object</source>
        <translation>ein Inhaltselement muss ein Objekt sein</translation>
    </message>
    <message>
        <source>a content element without a string &quot;type&quot;</source>
        <translation>ein Inhaltselement ohne Zeichenkette „type“</translation>
    </message>
    <message>
        <source>a message&apos;s &quot;content&quot; must be a string or an array</source>
        <translation>der „content“ einer Nachricht muss eine Zeichenkette oder ein Array sein</translation>
    </message>
    <message>
        <source>%1 without a &quot;call_id&quot;</source>
        <translation>%1 ohne „call_id“</translation>
    </message>
    <message>
        <source>local_shell_call without an &quot;action&quot; object</source>
        <translation>local_shell_call ohne „action“-Objekt</translation>
    </message>
    <message>
        <source>%1&apos;s &quot;output&quot; must be a string or an array</source>
        <translation>der „output“ von %1 muss eine Zeichenkette oder ein Array sein</translation>
    </message>
    <message>
        <source>a reasoning element must be an object</source>
        <translation>ein reasoning-Element muss ein Objekt sein</translation>
    </message>
    <message>
        <source>a reasoning item&apos;s &quot;%1&quot; must be an array</source>
        <translation>„%1“ eines reasoning-Elements muss ein Array sein</translation>
    </message>
    <message>
        <source>a message item without a string &quot;role&quot;</source>
        <translation>ein message-Element ohne Zeichenkette „role“</translation>
    </message>
    <message>
        <source>unknown message role &quot;%1&quot;</source>
        <translation>unbekannte Nachrichtenrolle „%1“</translation>
    </message>
    <message>
        <source>an item must be an object</source>
        <translation>ein Element muss ein Objekt sein</translation>
    </message>
    <message>
        <source>an item with neither &quot;type&quot; nor &quot;role&quot;</source>
        <translation>ein Element ohne „type“ und ohne „role“</translation>
    </message>
    <message>
        <source>an item&apos;s &quot;type&quot; must be a string</source>
        <translation>der „type“ eines Elements muss eine Zeichenkette sein</translation>
    </message>
</context>
</TS>
