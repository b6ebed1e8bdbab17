// The import dialog: preview of a data set path and the choice of its label source (ImportDialog.h).
#include "ImportDialog.h"

#include "HelpWindow.h"

#include "common/Error.h"
#include "io/LabelCsv.h"
#include "io/LabelSources.h"
#include "io/Loaders.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

ImportDialog::ImportDialog(const QString& path, const QString& labels, QWidget* parent, std::optional<Reading> automatic)
    : QDialog(parent), path_(path), automatic_(std::move(automatic)) {
    setWindowTitle(tr("Open data set"));
    setObjectName("import-dialog");
    auto* layout = new QVBoxLayout(this);
    summary_ = new QLabel;
    summary_->setObjectName("import-summary");
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    sources_ = new QComboBox;
    sources_->setObjectName("label-source");
    sources_->setToolTip(tr("Where the class labels come from; the preview below follows the choice"));
    errorLine_ = new QLabel;
    errorLine_->setObjectName("import-error");
    errorLine_->setWordWrap(true);
    errorLine_->setTextInteractionFlags(Qt::TextSelectableByMouse);  // the file, line and field can be copied
    errorLine_->setStyleSheet("color: #b22");
    table_ = new QTableWidget(0, 4);
    table_->setObjectName("import-table");
    table_->setHorizontalHeaderLabels({tr("graph"), tr("n"), tr("m"), tr("label")});
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);  // a file's whole name (k00.graphml.gz)
    caption_ = new QLabel;
    caption_->setObjectName("import-table-caption");
    auto* form = new QFormLayout;
    form->addRow(tr("Labels from"), sources_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel | QDialogButtonBox::Help);
    open_ = buttons->addButton(tr("Open"), QDialogButtonBox::AcceptRole);
    QPushButton* again = buttons->addButton(tr("Read again"), QDialogButtonBox::ActionRole);
    again->setToolTip(tr("Read the files again (after fixing one)"));
    layout->addWidget(summary_);
    layout->addLayout(form);
    layout->addWidget(errorLine_);
    layout->addWidget(table_, 1);
    layout->addWidget(caption_);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(again, &QPushButton::clicked, this, &ImportDialog::refresh);
    connect(buttons, &QDialogButtonBox::helpRequested, this, &ImportDialog::showHelp);
    connect(new QShortcut(QKeySequence::HelpContents, this), &QShortcut::activated, this, &ImportDialog::showHelp);
    connect(sources_, QOverload<int>::of(&QComboBox::activated), this, [this](int) { refresh(); });
    resize(560, 480);
    setLabels(labels.isEmpty() ? QString("auto") : labels);
}

QString ImportDialog::labels() const { return sources_->currentData().toString(); }

void ImportDialog::setLabelsOnly() {
    setWindowTitle(tr("Class labels of %1").arg(QFileInfo(path_).fileName()));
    open_->setText(tr("Use these labels"));
}

HelpWindow* ImportDialog::showHelp() {
    if (!help_) help_ = new HelpWindow(this);  // a window of the dialog's own: usable while the dialog is modal
    help_->showPage("panel-dataset.md");
    help_->show();
    help_->raise();
    return help_;
}

bool ImportDialog::setLabels(const QString& spec) {
    QString normal;
    try {
        normal = QString::fromStdString(px::io::FolderLabels::parse(spec.toStdString()).describe());
    } catch (const std::invalid_argument& e) {
        errorLine_->setText(QString::fromStdString(e.what()));
        return false;
    }
    int index = sources_->findData(normal);
    if (index < 0) {
        sources_->addItem(normal, normal);
        index = sources_->count() - 1;
    }
    sources_->setCurrentIndex(index);
    refresh();
    return true;
}

std::vector<std::pair<QString, QString>> ImportDialog::labelChoices(const px::io::DatasetPreview& p) {
    std::vector<std::pair<QString, QString>> out;
    const QString automatic = p.labelSource.empty() || !p.labelError.empty() ? tr("automatic")
                                                                                : tr("automatic (%1)").arg(QString::fromStdString(p.labelSource));
    out.push_back({"auto", automatic});
    // labels.csv and GraphML keys label the graphs of a folder: a single file keeps its own labels (auto) or none
    if (p.format == px::io::toString(px::io::DataFormat::GraphFolder)) {
        if (p.csvPresent && !p.csvHeaded) out.push_back({"csv", tr("labels.csv (no header: file name, label)")});
        for (const std::string& c : p.csvColumns)  // the split column is the split (LabelCsv.h), not a choice of classes
            if (px::io::lowerCase(c) != "split" || p.csvColumns.size() == 1)
                out.push_back({"csv:" + QString::fromStdString(c), tr("labels.csv column %1").arg(QString::fromStdString(c))});
        for (const std::string& k : p.graphKeys)
            out.push_back({"graphml:" + QString::fromStdString(k), tr("graph key %1 (GraphML data or GML attribute)").arg(QString::fromStdString(k))});
    }
    out.push_back({"none", tr("none (unlabelled)")});
    return out;
}

void ImportDialog::fillSources() {
    const QString chosen = labels();
    sources_->clear();
    for (const auto& [spec, words] : labelChoices(preview_)) sources_->addItem(words, spec);
    // "automatic (…)" names what the automatic choice takes: known from a reading with it, not from another choice's
    if (chosen == "auto") automaticWords_ = sources_->itemText(0);
    else sources_->setItemText(0, automaticWords_.isEmpty() ? tr("automatic") : automaticWords_);
    int index = sources_->findData(chosen);
    if (index < 0) {  // asked for by name, not offered by the files: kept, so that its refusal stays on screen
        sources_->addItem(chosen, chosen);
        index = sources_->count() - 1;
    }
    sources_->setCurrentIndex(index);
}

QString ImportDialog::labelText(const px::Dataset& ds, const px::io::DatasetPreview& p, int graph) {
    if (ds.tasks.empty() || ds.labels.cols() == 0 || graph >= ds.labels.rows()) return QStringLiteral("—");
    const double y = ds.labels(graph, 0);
    if (std::isnan(y)) return tr("(missing)");
    const long k = std::lround(y);
    if (ds.tasks[0].type != px::TaskType::Regression && double(k) == y && k >= 0 && std::size_t(k) < p.classNames.size())
        return QString::fromStdString(p.classNames[std::size_t(k)]);
    return QString::number(y, 'g', 10);
}

void ImportDialog::fillTable(const px::Dataset& ds) {
    const int rows = std::min(kPreviewRows, ds.size());
    table_->setRowCount(rows);
    caption_->setText(rows < ds.size() ? tr("The first %1 of %2 graphs").arg(rows).arg(ds.size())
                      : rows == 1      ? tr("The one graph")
                                       : tr("All %1 graphs").arg(rows));
    caption_->setVisible(rows > 0);
    table_->setHorizontalHeaderItem(0, new QTableWidgetItem(preview_.files.empty() ? tr("graph") : tr("file")));
    for (int i = 0; i < rows; ++i) {
        const px::Graph& g = ds.graphs[std::size_t(i)];
        // a folder's graph by its file name (what the user knows it by), other formats' by its number
        const QString name = std::size_t(i) < preview_.files.size() ? QString::fromStdString(preview_.files[std::size_t(i)]) : QString::number(i);
        const QString cells[] = {name, QString::number(g.numVertices()), QString::number(g.numEdges()), labelText(ds, preview_, i)};
        for (int c = 0; c < 4; ++c) table_->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
}

namespace {
QString spread(const px::io::DatasetPreview::Spread& s) {
    return s.min == s.max ? QString::number(s.min) : QString("%1..%2").arg(s.min).arg(s.max);
}
}  // namespace

// What was read: format, graphs, sizes, the label source and its classes, and what the labels allow.
QString ImportDialog::summaryText() const {
    const auto& p = preview_;
    QString text = "<b>" + path_.toHtmlEscaped() + "</b><br>";
    if (p.format.empty()) return text + tr("Not read: see the reason below");
    const QString format = QString::fromStdString(p.format).toHtmlEscaped();
    text += p.graphs == 1 ? tr("Format: %1 — 1 graph").arg(format) : tr("Format: %1 — %2 graphs").arg(format).arg(p.graphs);
    if (p.graphs > 0)
        text += tr(", %1 vertices, %2 edges%3").arg(spread(p.vertices), spread(p.edges), p.graphs == 1 ? QString() : tr(" per graph"));
    for (const std::string& note : p.notes)  // what the readers did (isolated vertices counted); labels and split are said below
        if (note.rfind("class labels from", 0) != 0 && note.rfind("split from", 0) != 0)
            text += "<br>" + tr("Note: %1").arg(QString::fromStdString(note).toHtmlEscaped());
    if (!p.warnings.empty()) {  // what the readers dropped (self loops, repeated edges, …): said before opening
        text += "<br>" + tr("Warnings (%1): what was dropped while reading").arg(p.warnings.size());
        const std::size_t shown = std::min<std::size_t>(p.warnings.size(), 4);
        for (std::size_t i = 0; i < shown; ++i) text += "<br>&nbsp;&nbsp;• " + QString::fromStdString(p.warnings[i]).toHtmlEscaped();
        if (shown < p.warnings.size()) text += "<br>&nbsp;&nbsp;" + tr("… and %1 more (pxrun info lists every one)").arg(p.warnings.size() - shown);
    }
    if (!error_.isEmpty()) return text;  // the label error says the rest
    text += "<br>" + (p.labelSource.empty() ? tr("Labels: none (unlabelled)")
                                            : tr("Labels from %1").arg(QString::fromStdString(p.labelSource).toHtmlEscaped()));
    QStringList classes;
    for (const auto& [name, count] : p.classes) {  // a name with a comma or colon quoted: "class, B": 20 is one class
        const QString n = QString::fromStdString(name);
        classes << tr("%1: %2").arg((n.contains(',') || n.contains(':') ? "“" + n + "”" : n).toHtmlEscaped()).arg(count);
    }
    if (!classes.isEmpty()) text += "<br>" + tr("Classes (graphs): %1").arg(classes.join(", "));
    if (dataset_ && dataset_->split)
        text += "<br>" + tr("Split: %1 — %2 train, %3 valid, %4 test graphs (the density learners leave the valid ones out; "
                            "the GIN chooses its epoch on them)")
                             .arg(QString::fromStdString(dataset_->split->name).toHtmlEscaped())
                             .arg(dataset_->split->train.size())
                             .arg(dataset_->split->valid.size())
                             .arg(dataset_->split->test.size());
    else if (dataset_ && dataset_->folds.size() == 10)  // "none in the data" beside "10 folds read" contradicted itself
        text += "<br>" + tr("Evaluation: 10-fold cross-validation on the folds shipped with the data (the Learner panel's "
                            "protocol can choose a stratified 80/20 split instead)");
    else if (!p.classes.empty())
        text += "<br>" + tr("Split: none in the data — each run draws a stratified 80/20 split of its own");
    if (p.labelSource.empty() || p.classes.size() == 1)  // classes is empty for a regression task: nothing to say
        text += "<br><i>" +  // information, not a refusal: red is kept for what cannot be opened
                tr("The views that train a classifier (trade-off, expressivity, utility vs d, results) need labels of two "
                   "classes: with %1 they will say so instead of computing.").arg(p.labelSource.empty() ? tr("no labels") : tr("one class")) +
                "</i>";
    return text;
}

void ImportDialog::refresh() {
    const QString spec = labels();
    error_.clear();
    std::optional<Reading> given;
    if (spec == "auto") std::swap(given, automatic_);
    try {
        if (given && given->dataset) {
            preview_ = std::move(given->preview);
            dataset_ = std::move(given->dataset);
        } else {
            auto ds = std::make_shared<px::Dataset>();
            preview_ = px::io::previewDataset(path_.toStdString(), px::io::FolderLabels::parse(spec.toStdString()), ds.get());
            dataset_ = std::move(ds);
        }
        error_ = QString::fromStdString(preview_.labelError);
    } catch (const std::exception& e) {  // the graphs themselves: file, line and field, as the loader says them
        preview_ = px::io::DatasetPreview{};
        dataset_ = std::make_shared<px::Dataset>();
        error_ = QString::fromStdString(e.what());
    }
    usable_ = error_.isEmpty();
    fillSources();
    fillTable(*dataset_);
    summary_->setText(summaryText());
    errorLine_->setText(error_.isEmpty() ? QString() : tr("Refused: %1").arg(error_));
    errorLine_->setVisible(!error_.isEmpty());
    open_->setEnabled(usable_);
}
