#pragma once
// One group of the explorer's settings (data set, patterns, privacy, learner): it owns its controls,
// their tooltips and their reset-to-default, and exchanges a plain ExplorerSettings with the window.
// apply() never emits changed(); a user edit does.
#include "ExplorerSettings.h"

#include <QGroupBox>
#include <functional>
#include <utility>
#include <vector>

class SettingsPanel : public QGroupBox {
    Q_OBJECT
public:
    using Reset = std::function<void(ExplorerSettings&)>;
    explicit SettingsPanel(const QString& title, QWidget* parent = nullptr) : QGroupBox(title, parent) {}
    // Shows the settings (only the fields of this panel).
    virtual void apply(const ExplorerSettings& s) = 0;
    // Writes this panel's fields into s.
    virtual void collect(ExplorerSettings& s) const = 0;
    // Each control with the reset of the field it edits (double-click on it or its label).
    virtual std::vector<std::pair<QWidget*, Reset>> resets() = 0;

signals:
    void changed();  // a user edit (not apply())

protected:
    // Emits changed() unless apply() is running.
    void edited() {
        if (!applying_) emit changed();
    }
    // Runs f with edits silenced (apply()).
    template <class F>
    void silently(F&& f) {
        const bool was = applying_;
        applying_ = true;
        f();
        applying_ = was;
    }

private:
    bool applying_ = false;
};
