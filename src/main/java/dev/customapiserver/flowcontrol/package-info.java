/**
 * Overload protection: {@link dev.customapiserver.flowcontrol.FairLimiter}, a bounded number of
 * requests executing at once, either first come first served with excess refused at once (kube's
 * plain max-in-flight limits) or with a bounded queue per user served round robin (the cheap core
 * of kube's API Priority and Fairness: one noisy user cannot starve the others).
 */
package dev.customapiserver.flowcontrol;
