#pragma once
// Formulas written in plain text (‖W_l‖_op, P^L, K_eff, X_{k+1}) as a label or tooltip shows them: rich text with
// real subscripts and superscripts (‖W<sub>ℓ</sub>‖<sub>op</sub>), the layer index l as ℓ, line breaks kept.
#include <QString>

namespace px::widgets {

QString typesetNotation(const QString& plain);

}  // namespace px::widgets
