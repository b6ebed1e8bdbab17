#pragma once
// The import dialog: what a data set path holds before it is opened (io/DatasetPreview.h) — its format, the
// number of graphs, the first graphs (n, m, label) — and where its class labels come from: automatic, a column
// of labels.csv, a graph key every graph has (GraphML graph data or a GML graph attribute), or none. Changing the choice reads the preview again.
// A parser's error (file, line, field) or a refused label source is shown in the dialog, which stays open:
// Open is enabled only for a preview that loaded with the chosen labels.
#include "io/DatasetPreview.h"

#include <QDialog>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

class HelpWindow;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    // A reading already made of the path with the automatic labels (to decide whether to ask at all): the dialog's
    // first reading with "auto" takes it instead of reading the files again.
    struct Reading {
        px::io::DatasetPreview preview;
        std::shared_ptr<const px::Dataset> dataset;
    };
    // `labels`: the source to start with (io::FolderLabels spec, e.g. the one last chosen for this path).
    ImportDialog(const QString& path, const QString& labels = "auto", QWidget* parent = nullptr, std::optional<Reading> automatic = {});
    QString path() const { return path_; }
    // For the data set already open (the Labels… button): titled by the data set, its button applies the labels.
    void setLabelsOnly();
    QString labels() const;  // the chosen source, as io::FolderLabels::describe writes it
    // Chooses `spec` (added to the list if the preview did not offer it) and reads the preview again. False when
    // the spec does not parse (the error is shown).
    bool setLabels(const QString& spec);
    // Reads the path again with the chosen source (the "Read again" button: after fixing a file).
    void refresh();
    // The user guide's page on opening data (F1 or Help in the dialog), in a window usable while the dialog is modal.
    HelpWindow* showHelp();
    bool usable() const { return usable_; }  // the graphs loaded and the labels were accepted
    // The data set as the preview read it with the chosen labels: what Open opens, so the files are read once (and
    // what opens is what the preview showed). Null when not usable.
    std::shared_ptr<const px::Dataset> dataset() const { return usable_ ? dataset_ : nullptr; }
    QString error() const { return error_; }  // the parser's or the label source's refusal; "" when usable
    const px::io::DatasetPreview& preview() const { return preview_; }
    QTableWidget* table() const { return table_; }
    QComboBox* sources() const { return sources_; }
    static constexpr int kPreviewRows = 12;  // graphs shown in the table
    // The choices the preview offers, as (spec, words): auto, each labels.csv column (or "csv" for a file
    // without a header), each GraphML graph key, none.
    static std::vector<std::pair<QString, QString>> labelChoices(const px::io::DatasetPreview& p);
    // A graph's label cell: the class name where the source kept one, else the value; "—" unlabelled.
    static QString labelText(const px::Dataset& ds, const px::io::DatasetPreview& p, int graph);

private:
    void fillSources();
    void fillTable(const px::Dataset& ds);
    QString summaryText() const;
    QString path_;
    px::io::DatasetPreview preview_;
    std::shared_ptr<const px::Dataset> dataset_;
    QString automaticWords_;  // the automatic entry as a reading with it said it ("automatic (labels.csv column label)")
    std::optional<Reading> automatic_;  // taken by the first reading with "auto", then gone ("Read again" reads)
    bool usable_ = false;
    QString error_;
    QLabel* summary_;
    QLabel* errorLine_;
    QLabel* caption_;  // under the table: how many of the graphs it shows
    QComboBox* sources_;
    QTableWidget* table_;
    QPushButton* open_;
    HelpWindow* help_ = nullptr;
};
