#pragma once
// Formulas written in plain text (‖W_l‖_op, P^L, K_eff, X_{k+1}) as a label or tooltip shows them: rich text with
// real subscripts and superscripts (‖W<sub>ℓ</sub>‖<sub>op</sub>), the layer index l as ℓ, line breaks kept.
#include <QString>

namespace px::widgets {

QString typesetNotation(const QString& plain);

// ε as the views quote it: as typed when it is a short decimal (the fewest of up to 9 significant digits that read
// back as the very number: "0.5623", "7"), else to three significant digits
// (a computed grid point such as 0.1·1000^(1/8) reads "0.237"); ∞ for no noise. The slider's positions are
// three-digit decimals, so they read as the field shows them.
QString epsilonText(double epsilon);

}  // namespace px::widgets
