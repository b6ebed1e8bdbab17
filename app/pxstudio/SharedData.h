#pragma once
// Where the public data sets live (../shared/data next to the checkout, or $PX_SHARED_DATA), and
// which graph-classification sets of it the pickers offer when present.
#include <QDir>
#include <QString>
#include <QStringList>

inline QString sharedDataDir() {
    const QByteArray env = qgetenv("PX_SHARED_DATA");
    return env.isEmpty() ? QString(PX_SHARED_DATA_DIR) : QString::fromLocal8Bit(env);
}

// The graph-level data sets of the shared folder that exist on this machine, as folder names.
inline QStringList sharedGraphDatasets() {
    static const QStringList known = {"REDDIT-BINARY-gin", "COLLAB-gin", "IMDB-BINARY", "IMDB-MULTI", "PROTEINS", "NCI1", "NCI109",
                                      "MUTAG", "ENZYMES", "PTC_MR", "ogbg-molhiv-rebuilt", "ogbg-molbace", "ogbg-molbbbp",
                                      "ogbg-moltox21-rebuilt", "ogbg-mollipo-rebuilt", "ogbg-molesol", "ogbg-molfreesolv"};
    QStringList present;
    for (const QString& name : known)
        if (QDir(sharedDataDir() + "/" + name).exists()) present << name;
    return present;
}
