#include "Notation.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace px::widgets {

namespace {

QString indexAsWritten(QString index) {
    if (index == "l") return QStringLiteral("ℓ");                             // the layer: ℓ, never the digit-like l
    if (index.startsWith("l−") || index.startsWith("l-")) index[0] = QChar(0x2113);  // l−1 → ℓ−1
    return index;
}

}  // namespace

QString typesetNotation(const QString& plain) {
    QString html = plain.toHtmlEscaped();
    // X_{k+1}, then X_k, K_eff, ‖W_l‖_op; ^ with a braced or parenthesised group, then a single token (P^L, 10^−3)
    static const QRegularExpression bracedSub(QStringLiteral(R"(_\{([^}]*)\})"));
    static const QRegularExpression plainSub(QStringLiteral(R"((?<=[\p{L}\p{N}‖)²])_([\p{L}\p{N}]+(?:[−-]1)?))"));
    static const QRegularExpression groupSup(QStringLiteral(R"(\^\(([^)]*)\))"));
    static const QRegularExpression plainSup(QStringLiteral(R"(\^([−-]?[\p{L}\p{N}]+))"));
    for (const auto& [pattern, tag] : {std::pair{&bracedSub, "sub"}, std::pair{&plainSub, "sub"}}) {
        QString out;
        qsizetype last = 0;
        for (auto it = pattern->globalMatch(html); it.hasNext();) {
            const auto m = it.next();
            out += html.mid(last, m.capturedStart() - last) + QString("<%1>%2</%1>").arg(tag, indexAsWritten(m.captured(1)));
            last = m.capturedEnd();
        }
        html = out + html.mid(last);
    }
    html.replace(groupSup, QStringLiteral("<sup>(\\1)</sup>"));
    html.replace(plainSup, QStringLiteral("<sup>\\1</sup>"));
    // several lines: kept as written (rich text would join them); one line: the tags alone make it rich text
    return html.contains('\n') ? QStringLiteral("<p style='white-space:pre'>") + html + QStringLiteral("</p>") : html;
}

QString epsilonText(double epsilon) {
    if (std::isinf(epsilon)) return QStringLiteral("∞");
    // at least the digits before the point: 80 reads "80", not "8e+01"
    const int whole = std::abs(epsilon) >= 1 ? int(std::floor(std::log10(std::abs(epsilon)))) + 1 : 1;
    for (int digits = whole; digits <= std::max(9, whole); ++digits) {  // the fewest that read back as this very number
        const QString written = QString::number(epsilon, 'g', digits);
        if (written.toDouble() == epsilon) return written;
    }
    return QString::number(epsilon, 'g', std::max(3, whole));
}

}  // namespace px::widgets
