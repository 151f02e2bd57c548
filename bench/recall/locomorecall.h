#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QTextStream>

/// Turn-level recall of `valis-cli recall` on LoCoMo conversations: each conversation is
/// imported (with the LocomoImporter) into a store of its own, as one person's history, and
/// every question of the chosen categories is asked; a question's recall@k is the share of its
/// evidence turns among the top k passages. Evidence ids are cleaned as the LoCoMo README of
/// shared/fixtures says (joined ids split, an extra colon and leading zeros removed, ids that
/// name no turn dropped) and what was cleaned is reported.
struct LocomoRecallOptions
{
    QString file;
    QList<int> categories = {1, 2, 4};
    QList<int> ks = {5, 10, 25};
    QString workDir;          ///< where the per-conversation stores go
    bool perConversation = false;
};

/// Prints the table to `out`; returns false (after printing why) when the file cannot be read.
bool runLocomoRecall(const LocomoRecallOptions &options, QTextStream &out);
